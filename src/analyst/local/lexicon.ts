/**
 * The planner's fixed vocabulary: places (codes, country names, demonyms), languages, metrics, formats, hook
 * types, time words and the cue words of each intent. Entity names (creators, advertisers, hashtags) are not
 * here: they are linked against the corpus (the store's facts repository).
 */

import { type CountRatio, isCountRatio } from "../../store/facts.js";

/** Country names and demonyms → ISO 3166-1 alpha-2. Multi-word names are matched before single words. */
export const REGION_WORDS: Record<string, string> = {
  "united states": "US",
  "united states of america": "US",
  usa: "US",
  "u.s.": "US",
  "u.s": "US",
  america: "US",
  american: "US",
  americans: "US",
  "united kingdom": "GB",
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  british: "GB",
  england: "GB",
  canada: "CA",
  canadian: "CA",
  canadians: "CA",
  australia: "AU",
  australian: "AU",
  australians: "AU",
  aussie: "AU",
  philippines: "PH",
  filipino: "PH",
  filipinos: "PH",
  philippine: "PH",
  mexico: "MX",
  mexican: "MX",
  mexicans: "MX",
  spain: "ES",
  spaniards: "ES",
  argentina: "AR",
  argentine: "AR",
  argentinian: "AR",
  argentinians: "AR",
  colombia: "CO",
  colombian: "CO",
  colombians: "CO",
  brazil: "BR",
  brasil: "BR",
  brazilian: "BR",
  brazilians: "BR",
  portugal: "PT",
  france: "FR",
  germany: "DE",
  indonesia: "ID",
  vietnam: "VN",
  "viet nam": "VN",
  japan: "JP",
  korea: "KR",
  "south korea": "KR",
  thailand: "TH",
  turkey: "TR",
  türkiye: "TR",
  turkiye: "TR",
  "saudi arabia": "SA",
  saudi: "SA",
  saudis: "SA",
  uae: "AE",
  "united arab emirates": "AE",
  emirates: "AE",
  emirati: "AE",
  dubai: "AE",
  egypt: "EG",
  egyptian: "EG",
  egyptians: "EG",
  india: "IN",
  indian: "IN",
  italy: "IT",
  nigeria: "NG",
  nigerian: "NG",
  "south africa": "ZA",
  netherlands: "NL",
  dutch: "NL",
  poland: "PL",
  polish: "PL",
  malaysia: "MY",
  malaysian: "MY",
  singapore: "SG",
  chile: "CL",
  chilean: "CL",
  peru: "PE",
  peruvian: "PE",
};

/** Language names → ISO 639-1. */
export const LANGUAGE_WORDS: Record<string, string> = {
  english: "en",
  burmese: "my",
  spanish: "es",
  castilian: "es",
  portuguese: "pt",
  french: "fr",
  german: "de",
  indonesian: "id",
  bahasa: "id",
  vietnamese: "vi",
  japanese: "ja",
  korean: "ko",
  thai: "th",
  turkish: "tr",
  arabic: "ar",
  italian: "it",
  hindi: "hi",
  dutch: "nl",
  polish: "pl",
  malay: "ms",
};

/** Language names that are also demonyms: read as the region after "from"/"based in", else as the language. */
export const DEMONYM_OF_LANGUAGE: Record<string, string> = {
  spanish: "ES",
  portuguese: "PT",
  french: "FR",
  german: "DE",
  indonesian: "ID",
  vietnamese: "VN",
  japanese: "JP",
  korean: "KR",
  thai: "TH",
  turkish: "TR",
  italian: "IT",
};

export type Metric =
  | "plays"
  | "likes"
  | "comments"
  | "shares"
  | "saves"
  | "engagement"
  /** One count over plays: "share rate", "saves relative to views", "like-to-view ratio". */
  | CountRate
  /** One count over another: "saves per like", "the comments-to-likes ratio". */
  | CountRatio
  | "growth"
  | "followers"
  | "videos"
  /** Recorded video length in seconds: only "how long … on average / typically" measures it. */
  | "duration"
  /** How many hashtags a video carries: only "the average number of hashtags" measures it. */
  | "hashtag_count";

/** A rate of one count over plays (the engagement rate pools all four). */
export type CountRate = "like_rate" | "comment_rate" | "share_rate" | "save_rate";

/** The count each rate divides by plays. */
export const RATE_COUNT: Readonly<Record<CountRate, "likes" | "comments" | "shares" | "saves">> = {
  like_rate: "likes",
  comment_rate: "comments",
  share_rate: "shares",
  save_rate: "saves",
};

/** The counts a video records, each measurable alone. */
export const COUNTS: readonly Metric[] = ["plays", "likes", "comments", "shares", "saves"];

/** A figure pooled over a set as a sum over a sum: the engagement rate, a one-count rate, a ratio of counts. */
export type RateMetric = "engagement" | CountRate | CountRatio;

/** The engagement rate, the rates of one count (sums over plays) and the ratios of two counts. */
export const isRate = (metric: Metric | null): metric is RateMetric =>
  metric === "engagement" || (metric !== null && (metric in RATE_COUNT || isCountRatio(metric)));

export const METRIC_WORDS: Record<string, Metric> = {
  view: "plays",
  views: "plays",
  viewed: "plays",
  viewership: "plays",
  viewers: "plays",
  watched: "plays",
  watches: "plays",
  play: "plays",
  plays: "plays",
  played: "plays",
  reach: "plays",
  like: "likes",
  likes: "likes",
  liked: "likes",
  hearts: "likes",
  comment: "comments",
  comments: "comments",
  commented: "comments",
  discussed: "comments",
  share: "shares",
  shares: "shares",
  shared: "shares",
  reposts: "shares",
  reposted: "shares",
  repost: "shares",
  saves: "saves",
  saved: "saves",
  bookmarks: "saves",
  engagement: "engagement",
  engaging: "engagement",
  engaged: "engagement",
  interaction: "engagement",
  interactions: "engagement",
  growth: "growth",
  grew: "growth",
  grow: "growth",
  growing: "growth",
  grown: "growth",
  gained: "growth",
  gain: "growth",
  gains: "growth",
  rising: "growth",
  momentum: "growth",
  climbing: "growth",
  followers: "followers",
  follower: "followers",
  followed: "followers",
  following: "followers",
  fans: "followers",
  audience: "followers",
  subscribers: "followers",
};

/** Things the corpus does not record; a question resting on them is declined with the reason. */
export const UNKNOWN_MEASURES: Record<string, string> = {
  revenue: "revenue",
  sales: "sales",
  sold: "sales",
  sell: "sales",
  selling: "sales",
  profit: "profit",
  profits: "profit",
  roi: "return on ad spend",
  roas: "return on ad spend",
  spend: "ad spend",
  spent: "ad spend",
  spending: "ad spend",
  budget: "ad spend",
  budgets: "ad spend",
  cpm: "ad prices",
  cpc: "ad prices",
  cost: "ad prices",
  costs: "ad prices",
  price: "prices",
  prices: "prices",
  conversions: "conversions",
  conversion: "conversions",
  converted: "conversions",
  converts: "conversions",
  roomnights: "bookings",
  occupancy: "bookings",
  revpar: "bookings",
  uniqueviewers: "unique or repeat viewers (plays count views, not people)",
  viewerplaces: "where viewers are (the corpus records where videos are posted from)",
  installs: "app installs",
  downloads: "app installs",
  clicks: "clicks",
  clicked: "clicks",
  ctr: "clicks",
  click: "clicks",
  commenters: "comment text",
  complaining: "comment text",
  complaints: "comment text",
  bookings: "bookings",
  reservations: "bookings",
  weather: "weather",
  demographics: "audience demographics",
  women: "audience demographics",
  female: "audience demographics",
  male: "audience demographics",
  aged: "audience demographics",
  booked: "bookings",
  followerhistory: "follower counts over time (one count per creator, as last scraped)",
  devices: "viewers' devices",
  gender: "audience demographics",
  age: "audience demographics",
  income: "income",
  salary: "income",
  earn: "earnings",
  earns: "earnings",
  earnings: "earnings",
  paid: "payments",
  pay: "payments",
  money: "earnings",
  sentiment: "sentiment",
  watchtime: "watch time",
  retention: "watch time",
  dm: "direct messages",
  dms: "direct messages",
  inquiries: "bookings or inquiries",
  enquiries: "bookings or inquiries",
  takedowns: "moderation (reports and takedowns)",
  directmessages: "direct messages",
  unfollowed: "unfollows (one follower count per creator, as last scraped)",
  unfollows: "unfollows (one follower count per creator, as last scraped)",
  unfollowers: "unfollows (one follower count per creator, as last scraped)",
  crossposted: "other platforms",
  tripadvisor: "hotel ratings or review scores",
  rating: "hotel ratings or review scores",
  ratings: "hotel ratings or review scores",
  resolution: "video resolution",
  "720p": "video resolution",
  "1080p": "video resolution",
  "540p": "video resolution",
  "480p": "video resolution",
  locationpins:
    "location pins (the corpus records the region a video was posted from, where the source gives one)",
  effectstickers: "effects and stickers",
  bio: "profile bios",
  bios: "profile bios",
  searchvolume: "how often people search TikTok (search volume)",
  deletedlater: "what happened to videos after the scrape (deleted or made private)",
  soundon: "whether viewers watched with the sound on",
  livestreams: "LIVE sessions",
  contracts: "contracts or agency deals",
};

/** The corpus's hook patterns and the words that name them. */
export const HOOK_TYPE_WORDS: Record<string, string> = {
  question: "question",
  questions: "question",
  pov: "pov",
  "point of view": "pov",
  "stop scrolling": "stop_scrolling",
  "stop-scrolling": "stop_scrolling",
  stop_scrolling: "stop_scrolling",
  "numbered list": "numbered_list",
  "numbered lists": "numbered_list",
  numbered_list: "numbered_list",
  listicle: "numbered_list",
  listicles: "numbered_list",
  "bold claim": "bold_claim",
  "bold claims": "bold_claim",
  bold_claim: "bold_claim",
  "before and after": "before_after",
  "before/after": "before_after",
  "before-after": "before_after",
  before_after: "before_after",
  transformation: "before_after",
  story: "story",
  storytime: "story",
  storytelling: "story",
  challenge: "challenge",
  challenges: "challenge",
  tutorial: "tutorial",
  tutorials: "tutorial",
  "how-to": "tutorial",
  secret: "secret",
  secrets: "secret",
};
export const HOOK_TYPES = [
  "question",
  "pov",
  "stop_scrolling",
  "numbered_list",
  "bold_claim",
  "before_after",
  "story",
  "challenge",
  "tutorial",
  "secret",
] as const;

/** Words naming the thing a question is about. */
export type Subject =
  | "videos"
  | "creators"
  | "advertisers"
  | "hashtags"
  | "hook_types"
  | "formats"
  | "regions"
  | "languages"
  | "sounds"
  | "trend_reports";

export const SUBJECT_WORDS: Record<string, Subject> = {
  video: "videos",
  videos: "videos",
  vid: "videos",
  vids: "videos",
  clip: "videos",
  clips: "videos",
  post: "videos",
  posts: "videos",
  content: "videos",
  creative: "videos",
  creatives: "videos",
  tiktoks: "videos",
  tiktok: "videos",
  reels: "videos",
  uploads: "videos",
  ad: "videos",
  ads: "videos",
  slideshow: "videos",
  slideshows: "videos",
  creator: "creators",
  creators: "creators",
  influencer: "creators",
  influencers: "creators",
  account: "creators",
  accounts: "creators",
  channel: "creators",
  channels: "creators",
  author: "creators",
  authors: "creators",
  tiktokers: "creators",
  who: "creators",
  advertiser: "advertisers",
  advertisers: "advertisers",
  advertises: "advertisers",
  brand: "advertisers",
  brands: "advertisers",
  company: "advertisers",
  companies: "advertisers",
  marketer: "advertisers",
  marketers: "advertisers",
  sponsor: "advertisers",
  sponsors: "advertisers",
  hashtag: "hashtags",
  hashtags: "hashtags",
  tag: "hashtags",
  tags: "hashtags",
  format: "formats",
  formats: "formats",
  region: "regions",
  regions: "regions",
  country: "regions",
  countries: "regions",
  market: "regions",
  markets: "regions",
  geography: "regions",
  geo: "regions",
  geos: "regions",
  language: "languages",
  languages: "languages",
  sound: "sounds",
  sounds: "sounds",
  song: "sounds",
  songs: "sounds",
  music: "sounds",
  audio: "sounds",
};

/** Words (after the entities, places, metrics and subjects) that carry the question's shape, not its content. */
export const FUNCTION_WORDS = new Set(
  `a an the and or nor but of in on at to for from by with about into onto over under than then that this these
  i'm im we're i've we've i'd we'd i'll we'll launching launch launched idea ideas inspiration inspirations
  next relay relaying relayed relays hear hears hearing heard seeing saw seen notice noticed noticing once
  kpi kpis
  report reports
  those what which who whom whose when where why how is are was were be been being am do does did done doing
  have has had having it its it's itself their theirs there they them we our ours us you your yours i me my
  mine he she his her him some any all each every per between among across within during since until up down
  out off as so also only just very really quite please ok okay hey hi thanks tell show give find list get
  got let lets let's can could should would will shall may might must need want like know see look looking
  me one ones other others another such same own more most less least much many few lot lots bit overall
  total number count counts amount share rate rates percentage percent proportion fraction ratio portion how's what's
  whats which's there's who's is it right now currently today yesterday week weeks month months day days
  hour hours year years quarter last past previous recent recently latest newest new newer fresh just
  first top best biggest largest highest lowest smallest worst leading most least better worse bigger
  larger smaller higher lower more fewer greater compare compared comparing comparison versus vs vs.
  against between difference different differ rank ranked ranking rankings order ordered sort sorted
  trending trend trends hot popular viral blowing blew blow breaking broke breakout breakouts break
  outperforming outperform outperformed outperforms rising rise rose surge surging early emerging
  kind kinds type types style styles sort sorts pattern patterns category categories hook hooks hooked detected
  opening openings opener openers intro intros first-line format formats media mediatype
  fastest faster fast quickest quickly quick rapidly
  ad ads advert adverts advertisement advertisements advertising sponsored promoted promo paid organic
  non-ad non-ads natural unpaid slideshow slideshows carousel carousels photo photos image images picture
  pictures video videos clip clips regular normal standard vertical moving
  profile overview summary summarise summarize summarize describe description about info information
  details detail breakdown break split distribution spread mix grouped group groups by
  median average mean typical typically usually generally per avg
  perform performs performed performing performance work works worked working do does doing did done
  run runs ran running post posts posted posting publish published publishing upload uploaded uploads
  make makes made making use uses used using produce produced create created creating put puts
  get gets getting receive received attract attracts attracted bring brings generate generated drive
  drives driving earn earned pull pulls pulled rack racked
  dominate dominates dominated dominating common commonest frequent frequently often used popular
  successful success effective winning win wins won strongest strong stronger weak weakest good great catchy killer
  small smaller smallest tiny micro nano mid-size mid-sized active
  return retrieve fetch pull change changed changes changing evolve evolved evolving develop developed
  best-performing top-performing high-performing well worth
  tell us say said mean means meant appear appears appeared seen see saw there here
  going go goes gone went come comes came since ago now anything something everything nothing else
  right yes no not don't doesn't didn't isn't aren't wasn't weren't
  ones thing things stuff people folks guys someone anyone everyone
  campaign campaigns brief briefs project projects both either neither high low
  time times weekday weekdays monday tuesday wednesday thursday friday saturday sunday
  advertise advertises example examples sample samples instance instances corpus dataset data database
  mention mentions mentioned mentioning feature features featured featuring talk talks talked talking
  contain contains contained containing include includes included including counting tagged tagging cover covers covered covering
  in-market market's brand's creator's advertiser's video's
  co-occur co-occurs co-occurring cooccur cooccurs cooccurring occur occurs alongside together paired
  key insight insights takeaway takeaways
  utc gmt band bands bucket buckets set collection available actually busiest quietest slowest
  help helps helped helping decent solid poor bad based performers performer draft plan plans
  broken side gap gaps stack stacks keep keeps pace
  pls plz thx ty lol lmao nah rn btw tbh imo cc fyi gm yo bot
  roughly approximately approx ballpark
  never always basically belongs belong
  true false fact claim claims claimed verify confirm correct accurate accurately supposedly allegedly fact-check factcheck
  kindly provide revert asap needful
  widget widgets tile tiles chart charts graph graphs plot plotted
  asc desc ascending series axis heatmap histogram sparkline tooltip dashboard dashboards leaderboard`.split(
    /\s+/,
  ),
);

/** Intent cue phrases (matched as whole words on the lower-cased question). */
/**
 * Hashtags that ask for reach, not say what a video is about ("for you page", "trending" in English and
 * Vietnamese): left out of the hashtags that go with a topic, where they would lead on any topic.
 */
export const REACH_HASHTAGS: ReadonlySet<string> = new Set([
  "fyp",
  "fy",
  "foryou",
  "foryoupage",
  "foryourpage",
  "fypage",
  "fypviral",
  "viral",
  "viralvideo",
  "tiktokviral",
  "trending",
  "trend",
  "tiktok",
  "capcut",
  "explore",
  "explorepage",
  "xuhuong",
  "xuhuongtiktok",
  "xh",
]);

/** Video length groups ("how long should a hotel video be?"): duration in seconds, from ≤ d < to. */
export const LENGTH_BANDS: readonly { label: string; from: number; to: number }[] = [
  { label: "under 15 s", from: 0, to: 15 },
  { label: "15-30 s", from: 15, to: 30 },
  { label: "30-60 s", from: 30, to: 60 },
  { label: "1-3 min", from: 60, to: 180 },
  { label: "over 3 min", from: 180, to: Number.POSITIVE_INFINITY },
];

/** Caption length bands (characters, hashtags included), in the order of CAPTION_BOUNDS. */
export const CAPTION_BANDS: readonly { label: string }[] = [
  { label: "under 50 characters" },
  { label: "50-100 characters" },
  { label: "100-150 characters" },
  { label: "150-300 characters" },
  { label: "300 characters or more" },
];

/** Bands of the number of hashtags, in the order of HASHTAG_COUNT_BOUNDS. */
export const HASHTAG_COUNT_BANDS: readonly { label: string }[] = [
  { label: "no hashtags" },
  { label: "1-2 hashtags" },
  { label: "3-5 hashtags" },
  { label: "6-10 hashtags" },
  { label: "11 or more hashtags" },
];

/**
 * Field names of the scraped exports (tiktok-scraper and Apify items: "playCount", "authorMeta/fans"), read as the
 * words they name, as agents who have seen the files write them.
 */
const EXPORT_FIELDS: Readonly<Record<string, string>> = {
  playcount: "plays",
  diggcount: "likes",
  commentcount: "comments",
  sharecount: "shares",
  collectcount: "saves",
  "authormeta/fans": "followers",
  "videometa/duration": "duration",
  textlanguage: "caption language",
  musicname: "sound",
  "musicmeta/musicname": "sound",
  "musicmeta/musicauthor": "music authors",
  "authormeta/name": "creator",
  "authormeta/nickname": "creator",
};
/**
 * Yes-or-no fields of the exports written as a test ("isSponsored = true") or before the videos ("isAd videos": yes):
 * each value's set. Named alone ("each video's isAd value") they are a field, not a set.
 */
const EXPORT_FLAGS: Readonly<Record<string, { yes: string; no: string }>> = {
  isad: { yes: "ads", no: "organic videos" },
  issponsored: { yes: "ads", no: "organic videos" },
  "authormeta/verified": { yes: "verified creators", no: "non-verified creators" },
  musicoriginal: { yes: "original sounds", no: "excluding original sounds" },
  "musicmeta/musicoriginal": { yes: "original sounds", no: "excluding original sounds" },
};
const fieldNames = (names: string[]) =>
  names
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace("/", "[/.]"))
    .join("|");
/**
 * An export's field ("playCount"), or a flag set to a value ("isAd == false", "authorMeta.verified: true", "isAd =
 * 'true'" as SQL quotes it; "flagged isAd=true": the word of flagging read with it).
 */
export const EXPORT_FIELD_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@#./])(?:(?:(?:flagged|marked|labell?ed)(?:\s+(?:as|with))?\s+)?(${fieldNames(Object.keys(EXPORT_FLAGS))})(?:\s*(?:==?|:|\bis\b)\s*['"]?(true|false|yes|no|1|0)\b['"]?|(?=\s+(?:videos?|posts?|clips?|content)\b))|(${fieldNames(Object.keys(EXPORT_FIELDS))}))(?![\p{L}\p{N}_])`,
  "giu",
);

/** A flag an answer is split by: "group by isAd", "by musicMeta/musicOriginal". */
export const EXPORT_FLAG_SPLIT = new RegExp(
  String.raw`(?<=\bby\s+)(${fieldNames(Object.keys(EXPORT_FLAGS))})(?![\p{L}\p{N}_/.])`,
  "giu",
);

/** A flag's two values set side by side: "isAd = TRUE vs FALSE", "musicOriginal true/false". */
export const EXPORT_FLAG_BOTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@#./])(${fieldNames(Object.keys(EXPORT_FLAGS))})\s*(?:==?|:|\bis\b)?\s*['"]?(?:true|yes|1)['"]?\s*(?:vs\.?|versus|or|and|\/)\s*['"]?(?:false|no|0)\b['"]?`,
  "giu",
);

/** A field's key as the tables write it ("authorMeta.verified": "authormeta/verified"). */
const fieldKey = (name: string) => name.toLowerCase().replace(".", "/");

/** A flag split as words: "ads vs organic videos", "original sounds vs the other sounds". */
export function exportSplitWords(flag: string): string {
  const sets = EXPORT_FLAGS[fieldKey(flag)] as { yes: string; no: string };
  return sets.no.startsWith("excluding") ? `${sets.yes} vs the other sounds` : `${sets.yes} vs ${sets.no}`;
}

/** An export's field as words: a flag's set for its value (yes when none), a count's measure. */
export function exportFieldWords(
  flag: string | undefined,
  value: string | undefined,
  field: string | undefined,
): string {
  if (flag !== undefined) {
    const sets = EXPORT_FLAGS[fieldKey(flag)] as { yes: string; no: string };
    return value === undefined || /^(true|yes|1)$/i.test(value) ? sets.yes : sets.no;
  }
  return EXPORT_FIELDS[fieldKey(field ?? "")] as string;
}

/** Common misspellings of the question's own words, read as meant (and said so in `plan.understood`). */
export const TYPOS: Readonly<Record<string, string>> = {
  wich: "which",
  whcih: "which",
  veiws: "views",
  viewes: "views",
  vidoes: "videos",
  vidos: "videos",
  viedos: "videos",
  videoes: "videos",
  engagment: "engagement",
  enagement: "engagement",
  engagemnt: "engagement",
  engmt: "engagement",
  engmnt: "engagement",
  egnmt: "engagement",
  commnets: "comments",
  commments: "comments",
  hastags: "hashtags",
  hashtgas: "hashtags",
  hastag: "hashtag",
  creaters: "creators",
  creatros: "creators",
  advertisors: "advertisers",
  avarage: "average",
  averge: "average",
  avrage: "average",
  meidan: "median",
  medain: "median",
  mediam: "median",
  exmaples: "examples",
  examlpes: "examples",
  acounts: "accounts",
  acount: "account",
  lenght: "length",
  speach: "speech",
  hashtgs: "hashtags",
  simlar: "similar",
  comenting: "commenting",
  actualy: "actually",
  folllowers: "followers",
  uniqe: "unique",
  hottel: "hotel",
  hotles: "hotels",
  howmany: "how many",
  higest: "highest",
  perfom: "perform",
  perfomance: "performance",
  perfroming: "performing",
  trendng: "trending",
  soundz: "sounds",
  yr: "year",
  hr: "hour",
  hrs: "hours",
  wkend: "weekend",
  wkends: "weekends",
  wkday: "weekday",
  wkdays: "weekdays",
  yrs: "years",
  wats: "what's",
  wut: "what",
  med: "median",
  // Chat spellings (short ones only as written in lower case: "R&B", "U.S." stay).
  r: "are",
  u: "you",
  ur: "your",
  pct: "percent",
  perc: "percent",
  avg: "average",
  n: "and",
  w: "with",
  cn: "can",
  acct: "account",
  accts: "accounts",
  acc: "account",
  accs: "accounts",
  // Key opinion leaders (and consumers), as Asian marketing calls influencers.
  kol: "influencer",
  kols: "influencers",
  koc: "influencer",
  kocs: "influencers",
  postd: "posted",
  mny: "many",
  wht: "what",
  frm: "from",
  coments: "comments",
  comnts: "comments",
  folowers: "followers",
  follwers: "followers",
  engl: "english",
  vidz: "videos",
};

/** "What content should a new hotel brand make?", "what should I post?": what to make, asked. */
export const WHAT_TO_MAKE =
  /\bwhat (kinds? of |types? of )?(content|videos?|posts?|creatives?) (should|to make|to post|to create)\b|\bwhat should (i |we |(a|an|my|our|the) ([\w-]+ ){1,3}?)(post|make|film|create)\b/;

export const CUES = {
  /** How often someone posts: "how often does @x post", "which creators post most often", "posting frequency". */
  cadence:
    /\bhow (often|frequently|regularly) (do|does|did|should|to)\b[^?]*\b(post|posts|posting|upload\w*|publish\w*)\b|\bhow many (videos|posts|times|ads) (a|per|each|every) (day|week|month)\b|\b(posting|upload(ing)?|publishing) (frequency|cadence|schedule|rate|consistency)\b|\b(post|posts|posted|posting|uploads?|uploaded|uploading|publish(es|ed|ing)?) (the )?(most |more )?(often|frequently|regularly|consistently)\b|\bmost (consistent|prolific|frequent|regular) (creators?|posters?|accounts?|brands?|advertisers?)\b|\b(creators?|accounts?|brands?|advertisers?) (are|is) (the )?most (consistent|prolific|frequent|regular)\b/,
  compare:
    /\b(compare[ds]?|comparing|comparison|versus|vs\.?|against|face[- ]?off|head[- ]to[- ]head|side[- ]by[- ]side|showdown|difference between|which is (bigger|larger|better|more|stronger|ahead)|who is (bigger|larger|better|ahead)|bigger|larger|better than|more than|outperform(s|ed)?)\b/,
  count: /\b(how many|number of|count of|count|how much)\b/,
  share:
    /\b(share|percentage|percent|proportion|fraction|portion|what part|ratio|how often|rate of)\b|%\s*of\b/,
  breakdownHook:
    /\b(hook (types?|styles?|patterns?|kinds?|formats?)|(types?|kinds?|styles?|sorts?|patterns?) of (opening |)hooks?|which hooks?|what hooks?|hooks? (work|works|perform|performs|do best|did best|get|gets|got|drive|drives)|by hook)\b/,
  breakdownFormat:
    /\b(formats?|slideshows? (or|vs\.?|versus) (regular |normal |)videos?|videos? (or|vs\.?|versus) slideshows?|by media|media types?)\b/,
  trendReport:
    /(?<!#)\b(trend reports?|trends? reports?|reports?|what('s| is) rising|rising (hashtags?|sounds?|songs?|hooks?|formats?|trends?)|trends?\b(?! *(creators|advertisers|videos))|emerging (hashtags?|sounds?|trends?))\b/,
  profile:
    /\b(tell me about|who is|who's|what is|what's|profile|overview of|describe|summary of|summari[sz]e|what do (we|you) know about|info on|information on|details on|look up|lookup|deep[- ]dive|rundown)\b/,
  newest:
    /\b(newest|latest|most recent|recently posted|just posted|new(ly)?(?! years?\b) (posted|published|launched)?|fresh|recent(ly)? (first seen|appeared|joined)|last posted|first seen|appeared(?! in\b)|(is|are|was|were) (brand )?new)\b/,
  trending:
    /(?<!#)\b(trending|hot right now|what(?:'s|’s| is) hot|hottest|popular right now|blowing up|taking off|on fire|buzzing|heating up|fastest[- ]growing|growing fastest|grew (the )?(most|fastest)|gained (the )?most|most growth|rising|surging|momentum)\b/,
  breakout:
    /\b(breakouts?|break(ing)? out(?![^?.]{0,40}\b(by|into|across|per|over|for each)\b)|broke out|outperform(ing|ed|s)? (their|its|the)? ?(creator'?s? )?(usual|baseline|average|norm)|above (their|its) (baseline|usual)|overperform(ing|ers?)?)\b/,
  early:
    /\b(early[- ]breakouts?|early|just (starting|beginning) to break|in the first (72|few|three) (hours|days)|young)\b/,
  rank: /\b(top|most|best|highest|biggest|largest|leading|leader|leaders|lead|leads|dominat\w*|winning|strongest|which|who|rank\w*|popular|greatest|more|show me|show|list|find|give me|examples?|looks? like|sort(?:ed)? by|order(?:ed)? by)\b/,
  overview:
    /\b(overview|summary|summari[sz]e|snapshot|state of|landscape|tell me about|describe|posting about|talking about|happening (in|with|around)|going on (in|with)|(key )?insights?|takeaways?)\b|(?:^|[-–—:;?.]\s+|,\s+and\s+)(?!.*\b(?:vs\.?|versus|compared?|than|against)\b)\s*how(?:'s|’s| (did|does|do|has|have|is|are))\s+(?:\S.*)?\b(perform(ed|ing)?|do(ing)?|done|fare[ds]?|faring|go(ing)?|gone)\b|^\W*how(?:'s|’s| is| are)\s+(?!(?:the\s+)?(?:best|top|most|median|average|engagement)\b)[^?.,;]{2,40}[?.!]*\s*$/,
  future:
    /\b(will|going to|next (week|month|year|quarter)|predict\w*|forecast\w*|tomorrow|future|upcoming|expect(ed)? to)\b/,
  why: /^\s*why\b|\bwhy (do|does|did|is|are|was|were)\b|\bcaused?\b|\breason(s)? (for|why)\b/,
  median: /\b(median|average|mean|typical(ly)?|usually|on average|avg)\b/,
  /** "What makes a hotel video go viral?", "what do the top resort videos have in common?": what goes with success. */
  drivers: new RegExp(
    [
      /\bwhat (makes?|made|drives?|drove|boosts?|gets?)\b[^?]*\b(viral|views|likes|shares|saves|comments|rates?|engag\w*|success\w*|works?|perform\w*|popular|do(es)? (well|better)|take off|blow up|stand out|good|great|better|best)\b|\b(have|has|share) in common\b|\bwhat('s| is| are)? (working|works|performing)\b/
        .source,
      WHAT_TO_MAKE.source,
      /\bwhat (kinds?|types?|sorts?|styles?) of (content|videos?|posts?|creatives?|ads?)\b[^?]*\b(perform\w*|works?|do(es)? (well|better|best)|get (the )?most (views|likes|engagement)|succeed\w*)\b|\b(secrets?|recipe|formula|keys?) (to|of|for|behind)\b|\bhow (do|can|to|should|could) ((i|we|you|they|brands?) )?(make|get|create)\b[^?]*\b(go viral|viral|more (views|likes|engagement|shares|comments|reach)|perform(s)? better|do better|successful|popular)\b|\bwhy (do|does|did) [^?]*\b(go viral|went viral|get (more|so many)|perform better|do better|succeed|outperform|work better)\b/
        .source,
    ].join("|"),
  ),
};

/** Tool windows: creators 2/7/30 days, advertisers 0 (today)/2/7/30. */
export const CREATOR_WINDOWS = [2, 7, 30] as const;
export const ADVERTISER_WINDOWS = [0, 2, 7, 30] as const;

const UNIT_DAYS: Record<string, number> = {
  hour: 1 / 24,
  hours: 1 / 24,
  hr: 1 / 24,
  hrs: 1 / 24,
  h: 1 / 24,
  day: 1,
  days: 1,
  d: 1,
  week: 7,
  weeks: 7,
  wk: 7,
  wks: 7,
  fortnight: 14,
  fortnights: 14,
  month: 30,
  months: 30,
  quarter: 90,
  quarters: 90,
  year: 365,
  years: 365,
};

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  "a couple of": 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  ninety: 90,
};

export interface WindowReading {
  /** Days; 0 = the current UTC day. */
  days: number;
  /** The words it was read from. */
  phrase: string;
  /** "right now"-style wording: the shortest window the tool offers. */
  shortest?: boolean;
  /**
   * Set when the corpus holds no video this recent (an old scrape): the window ends at its newest video
   * instead of now (Unix seconds), as trend reports and feeds do (shared/recency.ts).
   */
  endsAt?: number;
  /**
   * A named calendar period ("December 2020", "in 2024"): publication from `from` (inclusive) to `to`
   * (exclusive), Unix seconds, UTC. `days` is its length.
   */
  from?: number;
  to?: number;
  /** How the period is named in answers ("December 2020", "since March 2025", "Q1 2025 and Q2 2025"). */
  label?: string;
  /**
   * A period with an open end: "since March 2025" has `from` and no `to`; "before 2024" has `from` 0. `days`
   * is filled in against the clock when `to` is missing.
   */
  openEnded?: boolean;
  /** Two periods compared ("2025 vs 2024"): each is a group; `from`/`to` span both. */
  periods?: Period[];
  /** "In both 2024 and 2025": the periods are each required of an account, not compared. */
  each?: boolean;
  /** With `each`: "in 2023 but not in 2024", the first period required and the second ruled out. */
  except?: boolean;
  /** A span's first and last periods ("from 2024 to 2025": 2024 and 2025), for a change between them. */
  ends?: Period[];
  /** "Q1 vs Q4 uploads in 2024": the words naming the periods' year, apart from `phrase`. */
  yearPhrase?: string;
}

const MONTHS: Record<string, number> = {
  january: 0,
  jan: 0,
  february: 1,
  feb: 1,
  march: 2,
  mar: 2,
  april: 3,
  apr: 3,
  may: 4,
  june: 5,
  jun: 5,
  july: 6,
  jul: 6,
  august: 7,
  aug: 7,
  september: 8,
  sep: 8,
  sept: 8,
  october: 9,
  oct: 9,
  november: 10,
  nov: 10,
  december: 11,
  dec: 11,
};
/** Quoted passages of a question, left as written by the passes that rewrite its words. */
export const QUOTED = /["“«][^"“”«»]*["”»]/gu;

/** The words outside quotes, rewritten by `edit` (told whether the passage opens and closes the question). */
export function outsideQuotes(
  text: string,
  edit: (part: string, opens: boolean, closes: boolean) => string,
): string {
  let out = "";
  let from = 0;
  for (const m of text.matchAll(QUOTED)) {
    out += edit(text.slice(from, m.index), from === 0, false) + m[0];
    from = (m.index ?? 0) + m[0].length;
  }
  return out + edit(text.slice(from), from === 0, true);
}

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const YEAR_RE = "(?:18|19|20|21)\\d\\d";
/** A month's name, full or short, as dates write it. */
export const MONTH_RE = `(?:${Object.keys(MONTHS).join("|")})`;
const PART_WORDS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};
const PART_RE = "(?:q[1-4]|h[12]|(?:first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(?:quarter|half))";
/**
 * A word that makes a bare year a count or a figure ("2024 views", "over 2000 likes"), not a period; a month
 * or quarter before it makes it one ("Q2 2025 views").
 */
const NOT_A_YEAR =
  "(?!\\s*(?:k\\b|m\\b|\\+|views?|plays?|likes?|comments?|shares?|saves?|followers?|videos?|creators?|ads?|posts?|hashtags?|seconds?|secs?|minutes?|mins?))";

/** A day or month written as agents write dates: "2025-05-01", "2025-05". */
const ISO_RE = `${YEAR_RE}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\\d|3[01]))?\\b`;

/** A week of a month: "the first week of May 2025" (days 1 to 7), "the last week of May 2025" (its last 7 days). */
const WEEK_RE = `(?:first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+week\\s+of\\s+(?:the\\s+month\\s+of\\s+)?${MONTH_RE}\\.?,?\\s+${YEAR_RE}`;

/**
 * A day written out: "10 March 2025", "the 1st of Sep 2024", "March 10, 2025" (not after "top": "top 10 March 2025
 * videos" lists ten); DAY_OF_RE without its year ("between 1 Sep and 30 Nov 2024").
 */
const DAY_OF_RE = `(?:(?<!\\b(?:top|first|best|last|latest|newest|show|list|me)\\s+)\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\b|${MONTH_RE}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?!\\d))`;
const DAY_RE = `(?:(?:the\\s+)?week\\s+of\\s+(?:the\\s+)?)?${DAY_OF_RE}\\.?,?\\s+${YEAR_RE}`;
/** Days of one month: "1-10 dec", "nov 23-29", "3 to 10 may", "between 3 and 10 may"; DAYS_RE with its year. */
const DAY_NUM = "\\d{1,2}(?:st|nd|rd|th)?";
const DAYS_JOIN = "\\s*(?:-|–|to|through|thru|till|until)\\s*";
const DAYS_OF_RE = `(?:(?:between\\s+${DAY_NUM}\\s+and\\s+|${DAY_NUM}${DAYS_JOIN})${DAY_NUM}\\s+(?:of\\s+)?${MONTH_RE}|${MONTH_RE}\\.?\\s+${DAY_NUM}${DAYS_JOIN}${DAY_NUM}(?!\\d))`;
const DAYS_RE = `${DAYS_OF_RE}\\.?,?\\s+${YEAR_RE}`;

/** A third of a month: "early May 2025" (days 1 to 10), "mid-June 2024" (11 to 20), "late March 2025" (21 on). */
const THIRD_RE = `(?:early|mid|late)(?:-|\\s+)?${MONTH_RE}\\.?,?\\s+(?:of\\s+)?${YEAR_RE}`;

/** A count written for days, weeks or months: "12", "two". */
const COUNT_RE =
  "(?:\\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen|twenty|thirty|ninety)";
/**
 * A slice of a month: "the first 12 days of May 2025", "the last two weeks of April 2025", "the second half of
 * June 2024" (days 16 to its end).
 */
const SLICE_RE = `(?:(?:first|last|final)\\s+${COUNT_RE}\\s+(?:days?|weeks?)|(?:first|1st|second|2nd|last|latter)\\s+half)\\s+of\\s+(?:the\\s+month\\s+of\\s+)?${MONTH_RE}\\.?,?\\s+${YEAR_RE}`;
/** A slice of a year: "the first four months of 2025", "the last 6 weeks of 2024", "the first 100 days of 2025". */
const YEAR_SLICE_RE = `(?:first|last|final)\\s+${COUNT_RE}\\s+(?:days?|weeks?|months?)\\s+of\\s+(?:the\\s+year\\s+)?${YEAR_RE}`;

/**
 * A season of a year: "summer 2024" (June to August), "spring 2025" (March to May), "autumn 2024" (September to
 * November), "winter 2024-25" (December to February).
 */
const SEASON_RE = `(?:summer|spring|autumn|fall|winter)\\s+(?:of\\s+)?${YEAR_RE}(?:\\s*[-–/]\\s*(?:${YEAR_RE}|\\d{2})\\b)?`;
/**
 * One named calendar period: a season, an ISO day or month, a day written out or the week holding it, a week of a
 * month, a quarter or half, a month or a year (each with its year).
 */
const POINT_RE = `(?:${SEASON_RE}|${SLICE_RE}|${YEAR_SLICE_RE}|${ISO_RE}|${DAYS_RE}|${DAY_RE}|${WEEK_RE}|${THIRD_RE}|${PART_RE}(?:\\s+of)?,?\\s+${YEAR_RE}|${YEAR_RE}\\s+(?:q[1-4]|h[12])|${MONTH_RE}\\.?,?\\s+(?:of\\s+)?${YEAR_RE}|(?<![/.])${YEAR_RE}\\b${NOT_A_YEAR})`;

/** A calendar period named in the question: from (inclusive) to (exclusive), Unix seconds UTC, and its name. */
export interface Period {
  from: number;
  to: number;
  label: string;
  /**
   * "This month vs last month": `from` and `to` are seconds before the end of the latest window, which is set
   * when the question is answered (now, or the corpus's newest video on an old scrape).
   */
  fromEnd?: true;
}

const utc = (year: number, month: number) => Date.UTC(year, month, 1) / 1000;

/** A day as answers name it, from its start (Unix seconds, UTC): "10 March 2025". */
function dayName(from: number): string {
  const d = new Date(from * 1000);
  return `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * The calendar period a time group's key names (FactsGroup.key: day and week "YYYY-MM-DD", the week's Monday;
 * month "YYYY-MM", quarter "YYYY-Qn", year "YYYY"; UTC), or null for a key of another form.
 */
export function periodOfGroup(by: "day" | "week" | "month" | "quarter" | "year", key: string): Period | null {
  const [y, second, third] = key.split("-").map((part) => Number(part.replace(/^Q/, "")));
  if (y === undefined || !Number.isInteger(y)) return null;
  const month = (from: number, months: number, label: string) => ({
    from: utc(y, from),
    to: utc(y, from + months),
    label,
  });
  if (by === "year") return month(0, 12, String(y));
  if (by === "quarter" && second !== undefined) return month((second - 1) * 3, 3, `Q${second} ${y}`);
  if (by === "month" && second !== undefined) return month(second - 1, 1, `${MONTH_NAMES[second - 1]} ${y}`);
  if (second === undefined || third === undefined) return null;
  const from = Date.UTC(y, second - 1, third) / 1000;
  return by === "week"
    ? { from, to: from + 7 * 86_400, label: `the week of ${dayName(from)}` }
    : { from, to: from + 86_400, label: dayName(from) };
}

/**
 * The calendar months or quarters (UTC) a window spans, each whole, from the one holding `from` to the one
 * holding the window's last second ("every month of Q1 2024": January, February and March 2024).
 */
export function periodsWithin(from: number, to: number, unit: "month" | "quarter"): Period[] {
  const start = new Date(from * 1000);
  const months = unit === "month" ? 1 : 3;
  let month = Math.floor(start.getUTCMonth() / months) * months;
  const year = start.getUTCFullYear();
  const periods: Period[] = [];
  for (let at = utc(year, month); at < to && periods.length <= 120; month += months, at = utc(year, month)) {
    const first = new Date(at * 1000);
    const key =
      unit === "month"
        ? `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, "0")}`
        : `${first.getUTCFullYear()}-Q${first.getUTCMonth() / 3 + 1}`;
    periods.push(periodOfGroup(unit, key) as Period);
  }
  return periods;
}

/** Reads one period written as POINT_RE matches it ("q1 2025", "march 2025", "the second half of 2024", "2024"). */
function readPoint(words: string): Period | null {
  const season = words.match(
    new RegExp(
      `\\b(summer|spring|autumn|fall|winter)\\s+(?:of\\s+)?(${YEAR_RE})(?:\\s*[-–/]\\s*(${YEAR_RE}|\\d{2})\\b)?`,
    ),
  );
  if (season) {
    const name = season[1] === "fall" ? "autumn" : (season[1] as string);
    const y = Number(season[2]);
    // ("Winter 2024-25": from December 2024; "winter 2025" alone: the winter ending in 2025.)
    const start = name === "winter" ? (season[3] ? y : y - 1) : y;
    const first = { spring: 2, summer: 5, autumn: 8, winter: 11 }[name] as number;
    const from = utc(start, first);
    const to = utc(start, first + 3);
    const months = `${MONTH_NAMES[first]} to ${MONTH_NAMES[(first + 2) % 12]}`;
    return {
      from,
      to,
      label: `${name} ${name === "winter" ? `${start}-${String(start + 1).slice(2)}` : y} (${months})`,
    };
  }
  const iso = words.match(/\b(\d{4})-(\d{2})(?:-(\d{2}))?\b/);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]) - 1, iso[3] === undefined ? null : Number(iso[3])];
    if (d === null) return { from: utc(y, m), to: utc(y, m + 1), label: `${MONTH_NAMES[m]} ${y}` };
    const from = Date.UTC(y, m, d) / 1000;
    // "2025-02-30" is no day.
    if (new Date(from * 1000).getUTCDate() !== d) return null;
    return { from, to: from + 86_400, label: iso[0] };
  }
  const slice = words.match(
    new RegExp(
      `\\b(?:(first|last|final)\\s+(${COUNT_RE})\\s+(days?|weeks?)|(first|1st|second|2nd|last|latter)\\s+half)\\s+of\\s+(?:the\\s+month\\s+of\\s+)?(${MONTH_RE})\\.?,?\\s+(${YEAR_RE})\\b`,
    ),
  );
  if (slice) {
    const [m, y] = [MONTHS[slice[5] as string] as number, Number(slice[6])];
    const [start, end] = [utc(y, m), utc(y, m + 1)];
    const length = slice[2]
      ? (/^\d+$/.test(slice[2]) ? Number(slice[2]) : (NUMBER_WORDS[slice[2]] ?? 1)) *
        (slice[3]?.startsWith("week") ? 7 : 1) *
        86_400
      : 0;
    // (Days past the month's end are not in it: "the first 40 days of May" is May.)
    const [from, to] = slice[2]
      ? slice[1] === "first"
        ? [start, Math.min(end, start + length)]
        : [Math.max(start, end - length), end]
      : /^(first|1st)$/.test(slice[4] as string)
        ? [start, start + 15 * 86_400]
        : [start + 15 * 86_400, end];
    return { from, to, label: `${spanLabel(dayName(from), dayName(to - 1))}` };
  }
  const yearSlice = words.match(
    new RegExp(
      `\\b(first|last|final)\\s+(${COUNT_RE})\\s+(days?|weeks?|months?)\\s+of\\s+(?:the\\s+year\\s+)?(${YEAR_RE})\\b`,
    ),
  );
  if (yearSlice) {
    const y = Number(yearSlice[4]);
    const n = /^\d+$/.test(yearSlice[2] as string)
      ? Number(yearSlice[2])
      : (NUMBER_WORDS[yearSlice[2] as string] ?? 1);
    const unit = singular(yearSlice[3] as string);
    const first = yearSlice[1] === "first";
    const [start, end] = [utc(y, 0), utc(y + 1, 0)];
    // (Months whole, from the year's first or back from its last; days and weeks counted; never past the year.)
    const [from, to] =
      unit === "month"
        ? first
          ? [start, utc(y, Math.min(12, n))]
          : [utc(y, Math.max(0, 12 - n)), end]
        : first
          ? [start, Math.min(end, start + n * (unit === "week" ? 7 : 1) * 86_400)]
          : [Math.max(start, end - n * (unit === "week" ? 7 : 1) * 86_400), end];
    if (n < 1) return null;
    return {
      from,
      to,
      label: `the ${first ? "first" : "last"} ${n === 1 ? unit : `${n} ${unit}s`} of ${y} (${spanLabel(dayName(from), dayName(to - 1))})`,
    };
  }
  const days = words.match(
    new RegExp(
      `\\b(?:(?:between\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s+and\\s+|(\\d{1,2})(?:st|nd|rd|th)?${DAYS_JOIN})(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})|(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?${DAYS_JOIN}(\\d{1,2})(?:st|nd|rd|th)?)\\.?,?\\s+(${YEAR_RE})\\b`,
    ),
  );
  if (days) {
    const [first, last, m, y] = [
      Number(days[1] ?? days[2] ?? days[6]),
      Number(days[3] ?? days[7]),
      MONTHS[(days[4] ?? days[5]) as string] as number,
      Number(days[8]),
    ];
    const from = Date.UTC(y, m, first) / 1000;
    const to = Date.UTC(y, m, last + 1) / 1000;
    // ("10-3 May 2025", "1-31 June 2025" are no days.)
    if (first > last || new Date((to - 86_400) * 1000).getUTCDate() !== last) return null;
    return { from, to, label: `${first} to ${last} ${MONTH_NAMES[m]} ${y}` };
  }
  const dated = words.match(
    new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\.?,?\\s+(${YEAR_RE})\\b|\\b(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(${YEAR_RE})\\b`,
    ),
  );
  if (dated) {
    const [d, m, y] = [
      Number(dated[1] ?? dated[5]),
      MONTHS[(dated[2] ?? dated[4]) as string] as number,
      Number(dated[3] ?? dated[6]),
    ];
    const from = Date.UTC(y, m, d) / 1000;
    // "30 February 2025" is no day.
    if (new Date(from * 1000).getUTCDate() !== d) return null;
    // "The week of 10 March 2025": Monday to Sunday, as weeks are grouped.
    if (/\bweek\s+of\b/.test(words)) {
      const monday = from - ((new Date(from * 1000).getUTCDay() + 6) % 7) * 86_400;
      return { from: monday, to: monday + 7 * 86_400, label: `the week of ${dayName(from)}` };
    }
    return { from, to: from + 86_400, label: dayName(from) };
  }
  const year = Number((words.match(new RegExp(YEAR_RE)) as RegExpMatchArray | null)?.[0]);
  if (!Number.isFinite(year)) return null;
  const week = words.match(
    new RegExp(`\\b(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+week\\b.*?\\b(${MONTH_RE})\\b`),
  );
  if (week) {
    const m = MONTHS[week[2] as string] as number;
    const last = week[1] === "last";
    const from = last
      ? utc(year, m + 1) - 7 * 86_400
      : utc(year, m) + ((PART_WORDS[week[1] as string] ?? 1) - 1) * 7 * 86_400;
    const nth = last
      ? "last"
      : ["first", "second", "third", "fourth"][(PART_WORDS[week[1] as string] ?? 1) - 1];
    return { from, to: from + 7 * 86_400, label: `the ${nth} week of ${MONTH_NAMES[m]} ${year}` };
  }
  const part = words.match(
    /\b(?:q([1-4])|h([12])|(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(quarter|half))\b/,
  );
  if (part) {
    const half = part[2] !== undefined || part[4] === "half";
    const n = Number(
      part[1] ?? part[2] ?? (part[3] === "last" ? (half ? 2 : 4) : PART_WORDS[part[3] as string]),
    );
    if (half && n > 2) return null;
    const months = half ? 6 : 3;
    return {
      from: utc(year, (n - 1) * months),
      to: utc(year, n * months),
      label: half ? `${n === 1 ? "the first" : "the second"} half of ${year}` : `Q${n} ${year}`,
    };
  }
  const third = words.match(new RegExp(`\\b(early|mid|late)(?:-|\\s+)?(${MONTH_RE})\\b`));
  if (third) {
    const m = MONTHS[third[2] as string] as number;
    const [first, last] = { early: [1, 10], mid: [11, 20], late: [21, 0] }[third[1] as "early"] as [
      number,
      number,
    ];
    const from = Date.UTC(year, m, first) / 1000;
    const to = last === 0 ? utc(year, m + 1) : Date.UTC(year, m, last + 1) / 1000;
    const days = `${first} to ${last === 0 ? new Date((to - 1) * 1000).getUTCDate() : last} ${MONTH_NAMES[m]}`;
    return {
      from,
      to,
      label: `${third[1]}${third[1] === "mid" ? "-" : " "}${MONTH_NAMES[m]} ${year} (${days})`,
    };
  }
  const month = words.match(new RegExp(`\\b(${MONTH_RE})\\b`));
  if (month) {
    const m = MONTHS[month[1] as string] as number;
    return { from: utc(year, m), to: utc(year, m + 1), label: `${MONTH_NAMES[m]} ${year}` };
  }
  return { from: utc(year, 0), to: utc(year + 1, 0), label: String(year) };
}

/** "March 2025" and "May 2025" → "March to May 2025"; "2023" and "2024" → "2023 to 2024". */
function spanLabel(first: string, last: string): string {
  // ("24 December 2024" and "26 December 2024": "24 to 26 December 2024".)
  const month = first.match(/^(\d{1,2}) ([A-Z][a-z]+ \d{4})$/);
  if (month && new RegExp(`^\\d{1,2} ${month[2]}$`).test(last)) return `${month[1]} to ${last}`;
  const year = first.match(/ (\d{4})$/)?.[1];
  return year !== undefined && last.endsWith(` ${year}`) && !first.startsWith("the ")
    ? `${first.slice(0, -5)} to ${last}`
    : `${first} to ${last}`;
}

/** A span's name: "March to May 2025"; "11 June to 20 July 2024" from mid-June to mid-July 2024. */
const spanOf = (first: Period, last: Period): string =>
  /\(/.test(first.label + last.label)
    ? spanLabel(dayName(first.from), dayName(last.to - 1))
    : spanLabel(first.label, last.label);

/** A time (Unix seconds, UTC) moved `n` days, weeks, months, quarters or years (by the calendar from a month on). */
function shifted(seconds: number, n: number, unit: string): number {
  const months = { month: 1, quarter: 3, year: 12 }[unit];
  if (months === undefined) return seconds + n * (UNIT_DAYS[unit] ?? 1) * 86_400;
  const d = new Date(seconds * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n * months, d.getUTCDate()) / 1000;
}

/** An end no video reaches (2100-01-01, UTC): the open side of "before vs after a day". */
const FAR_FUTURE = 4_102_444_800;

/** The period from the earlier start of two to the later end, named `label`. */
const spanning = (a: Period, b: Period, label: string): Period => ({
  from: Math.min(a.from, b.from),
  to: Math.max(a.to, b.to),
  label,
});

const reading = (period: Period, phrase: string, extra: Partial<WindowReading> = {}): WindowReading => ({
  days: Math.round((period.to - period.from) / 86_400),
  phrase,
  from: period.from,
  to: period.to,
  label: period.label,
  ...extra,
});

/**
 * A calendar period named in the question, UTC: a month, quarter, half or year ("in December 2020", "Q1 2025",
 * "from 2024"); a span ("between March and May 2025", "2023-2024"); an open end ("since March 2025",
 * "before 2024"); or two periods compared ("in 2025 than in 2024", "Q1 vs Q2 2025"), each a group.
 */
function readPeriod(text: string): WindowReading | null {
  // "Before vs after 1 September 2024", "before and after the start of 2024": the two sides of a day (the second
  // from it on), each a group; the corpus's ends are far on either side.
  const sides = text.match(
    new RegExp(
      `\\bbefore\\s+(?:vs\\.?|versus|and|or|compared (?:to|with))\\s+(?:after|since|from)\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?(${POINT_RE})\\b`,
    ),
  );
  const split = sides ? readPoint(sides[1] as string) : null;
  if (sides && split) {
    const before: Period = { from: 0, to: split.from, label: `before ${split.label}` };
    const after: Period = { from: split.from, to: FAR_FUTURE, label: `from ${split.label} on` };
    return reading(spanning(before, after, `before and from ${split.label}`), sides[0], {
      periods: [before, after],
    });
  }
  // Three periods or more listed: "in 2023, 2024 and 2025", "March, April and May 2025" (a month without its year
  // takes the last one's), each a group.
  const item = `(?:${POINT_RE}|${MONTH_RE}|${PART_RE})`;
  const list = text.match(
    new RegExp(`\\b(${item})((?:\\s*,\\s*${item})+)\\s*,?\\s*(?:and|&|vs\\.?)\\s*(${POINT_RE})\\b`),
  );
  if (list) {
    const last = readPoint(list[3] as string);
    const year = last ? String(new Date(last.from * 1000).getUTCFullYear()) : "";
    const words = [
      list[1] as string,
      ...(list[2] as string)
        .split(",")
        .map((w) => w.trim())
        .filter(Boolean),
    ];
    const items = [...words.map((w) => readPoint(new RegExp(YEAR_RE).test(w) ? w : `${w} ${year}`)), last];
    const periods = items.filter((p): p is Period => p !== null);
    const distinct = new Set(periods.map((p) => `${p.from}-${p.to}`)).size === periods.length;
    if (periods.length === items.length && distinct && periods.length <= 12) {
      const sorted = [...periods].sort((a, b) => a.from - b.from);
      return reading(
        spanning(sorted[0] as Period, sorted.at(-1) as Period, periods.map((p) => p.label).join(", ")),
        list[0],
        { periods },
      );
    }
  }
  // A stretch measured from a named period: "the 12 months to May 2025", "the week after 30 April 2025", "the 30
  // days before 1 May 2025", "the two weeks from 1 May 2025".
  const stretch = text.match(
    new RegExp(
      `\\b(?:(?:the\\s+)?(${COUNT_RE})\\s+(days|weeks|fortnights|months|quarters|years)|the\\s+(day|week|fortnight|month|quarter|year)|(${COUNT_RE})\\s+(day|week|month))\\s+(to|until|till|up\\s+to|ending(?:\\s+(?:in|on|with))?|through|before|prior\\s+to|leading\\s+up\\s+to|after|following|since|from|starting(?:\\s+(?:on|in|from|with))?)\\s+(?:the\\s+(start|beginning|end)\\s+of\\s+)?(${POINT_RE})\\b`,
    ),
  );
  const stretchAt = stretch ? readPoint(stretch[8] as string) : null;
  if (stretch && stretchAt) {
    const counted = stretch[1] ?? stretch[4];
    const n =
      counted === undefined ? 1 : /^\d+$/.test(counted) ? Number(counted) : (NUMBER_WORDS[counted] ?? 1);
    const unit = singular((stretch[2] ?? stretch[3] ?? stretch[5]) as string);
    const word = stretch[6] as string;
    const side = /^(to|until|till|up|ending|through)/.test(word)
      ? "to"
      : /^(before|prior|leading)/.test(word)
        ? "before"
        : /^(after|following)/.test(word)
          ? "after"
          : "from";
    // The stretch's fixed end: "the start of" / "the end of" a period, or the side the word leans on.
    const edge = stretch[7] ? stretch[7] !== "end" : side === "before" || side === "from";
    const at = edge ? stretchAt.from : stretchAt.to;
    const forward = side === "after" || side === "from";
    const [from, to] = forward ? [at, shifted(at, n, unit)] : [shifted(at, -n, unit), at];
    if (n >= 1 && n <= 400 && to > from) {
      const stretchWords = `the ${n === 1 ? unit : `${n} ${unit}s`} ${side} ${stretch[7] ? `the ${stretch[7]} of ` : ""}${stretchAt.label}`;
      return reading(
        { from, to, label: `${stretchWords} (${spanLabel(dayName(from), dayName(to - 1))})` },
        stretch[0],
      );
    }
  }
  // Two periods side by side, one a span: "Apr 28 – May 4, 2025 vs Apr 21–27", "1 Apr – 12 May vs 1 Jan – 11 Feb
  // 2025": each side read on its own.
  // ("Did engagement go up or down between 2024 and Jan–May 2025?": a change asked between two periods.)
  const apart =
    text.match(/^(.*?)\s+(?:vs\.?|versus|against|compared (?:to|with))\s+(.*)$/) ??
    // ("Compare November–February with June–August.")
    text.match(/^(.*?\bcompar(?:e|ing)\s.*?)\s+(?:with|to|and)\s+(.*)$/) ??
    // ("Videos went up" were posted: no change asked.)
    (/\b(?:go(?:es)?|gone) (?:up|down)\b|\bwent (?:down|up or down)\b|\b(?:change[ds]?|grow|grew|rise|rose|drop(?:ped)?|fall|fell)\b/.test(
      text,
    )
      ? text.match(/^(.*?\bbetween\s+\S.*?)\s+and\s+(.*)$/)
      : null);
  if (apart) {
    const [left, right] = [readPeriod(apart[1] as string), readPeriod(apart[2] as string)];
    const whole = (w: WindowReading | null): w is WindowReading & { from: number; to: number } =>
      w !== null && w.from !== undefined && w.to !== undefined && w.from > 0 && !w.periods && !w.openEnded;
    if (
      whole(left) &&
      whole(right) &&
      (left.ends !== undefined || right.ends !== undefined) &&
      (left.from !== right.from || left.to !== right.to)
    ) {
      const [a, b] = [left, right].map((w) => ({ from: w.from, to: w.to, label: w.label ?? "" })) as [
        Period,
        Period,
      ];
      const leftAt = text.indexOf(left.phrase);
      const rightAt =
        apart[0].length - (apart[2] as string).length + (apart[2] as string).indexOf(right.phrase);
      // (Only a few words between them, "(May 5–11, 2025) vs last week (Apr 28 – May 4)": those between are read
      // with the two.)
      const between = leftAt >= 0 ? text.slice(leftAt + left.phrase.length, rightAt) : "";
      if (leftAt >= 0 && rightAt > leftAt && (between.match(/[\p{L}\p{N}]+/gu) ?? []).length <= 5)
        return reading(
          spanning(a, b, `${a.label} and ${b.label}`),
          text.slice(leftAt, rightAt + right.phrase.length),
          {
            periods: [a, b],
          },
        );
    }
  }
  // Two periods side by side: "2025 vs 2024", "in 2025 than in 2024", "march or april 2025".
  // "Creators who posted in 2023 but not in 2024": the first period, less whoever posted in the second.
  const except = text.match(
    new RegExp(
      `\\b(${POINT_RE})\\s*,?\\s+(?:but|and)\\s+not\\s+(?:(?:in|during)\\s+)?(?:the\\s+)?(${POINT_RE})\\b`,
    ),
  );
  if (except) {
    const [first, second] = [readPoint(except[1] as string), readPoint(except[2] as string)];
    if (first && second && (first.from !== second.from || first.to !== second.to))
      return reading(spanning(first, second, `${first.label} but not ${second.label}`), except[0], {
        periods: [first, second],
        each: true,
        except: true,
      });
  }
  const pair =
    // ("Compare March to April 2025 on views": after "compare", "to" sets the two side by side.)
    text.match(
      new RegExp(
        `(?<=\\bcompar\\w*\\s+(?:the\\s+)?)(${POINT_RE}|${MONTH_RE}|${PART_RE})(?:\\s+(?:uploads|videos|posts|clips|ads|content))?\\s+(?:to|with)\\s+(?:the\\s+)?(${POINT_RE})\\b`,
      ),
    ) ??
    text.match(
      new RegExp(
        `\\b(${POINT_RE}|${MONTH_RE}|${PART_RE})(?:\\s+(?:uploads|videos|posts|clips|ads|content))?\\s+(?:than|vs\\.?|versus|compared (?:to|with)|compare (?:to|with)|against|or|and)\\s+(?:(?:in|during|for|with)\\s+)?(?:the\\s+)?(${POINT_RE})\\b`,
      ),
    ) ??
    // ("Nha Trang 2024 vs 2025 views": two years set against each other, whatever count follows.)
    text.match(/\b((?:19|20)\d\d)\s+(?:vs\.?|versus|against)\s+((?:19|20)\d\d)\b(?!\s*(?:k\b|m\b|\+))/);
  // "And" pairs two periods where a comparison is asked ("compare 2024 and 2025"), or each is named with its own
  // "in" ("in 2024 and in 2025"); elsewhere "in 2023 and 2024" is both, read as one span when they meet, and
  // "between 2023 and 2024" is a span (below).
  const both =
    pair !== null &&
    / and /.test(pair[0]) &&
    (!/ and (?:in|during|for) /.test(pair[0]) || /\bboth\s+(?:in\s+)?$/.test(text.slice(0, pair.index))) &&
    (!/\bcompar/.test(text) || /\bbetween\s+$/.test(text.slice(0, pair.index)));
  if (pair) {
    const second = readPoint(pair[2] as string);
    // A month or quarter without its year takes the year of the other ("march or april 2025").
    const firstWords = new RegExp(YEAR_RE).test(pair[1] as string)
      ? (pair[1] as string)
      : `${pair[1]} ${second ? new Date(second.from * 1000).getUTCFullYear() : ""}`;
    const first = readPoint(firstWords);
    // "Advertisers who posted in both 2024 and 2025": each period, for whoever has videos in every one.
    if (both && first && second && /\bboth\s+(?:in\s+)?$/.test(text.slice(0, pair.index))) {
      return reading(spanning(first, second, `both ${first.label} and ${second.label}`), pair[0], {
        periods: [first, second],
        each: true,
      });
    }
    if (both && first && second && !/\bbetween\s+$/.test(text.slice(0, pair.index))) {
      if (first.to === second.from || second.to === first.from)
        return reading(spanning(first, second, `${first.label} and ${second.label}`), pair[0]);
    } else if (!both && first && second && (first.from !== second.from || first.to !== second.to)) {
      return reading(spanning(first, second, `${first.label} and ${second.label}`), pair[0], {
        periods: [first, second],
      });
    }
  }
  // "Q1 vs Q4 uploads in 2024", "march or april views, 2025": two parts of the one year named elsewhere.
  const yearless = text.match(
    new RegExp(
      `\\b(${MONTH_RE}|${PART_RE})(?:\\s+(?:uploads|videos|posts|clips|ads|content))?\\s+(?:than|vs\\.?|versus|compared (?:to|with)|against|or)\\s+(?:(?:in|during|for|with)\\s+)?(?:the\\s+)?(${MONTH_RE}|${PART_RE})\\b(?!\\s*,?\\s*(?:of\\s+)?\\d)`,
    ),
  );
  const years = [
    ...text.matchAll(
      new RegExp(`(?:\\b(?:in|of|during|for|throughout)\\s+|,\\s*)(${YEAR_RE})\\b${NOT_A_YEAR}`, "g"),
    ),
  ];
  if (yearless && years.length === 1 && new Set(text.match(new RegExp(`\\b${YEAR_RE}\\b`, "g"))).size === 1) {
    const year = (years[0] as RegExpMatchArray)[1] as string;
    const [first, second] = [readPoint(`${yearless[1]} ${year}`), readPoint(`${yearless[2]} ${year}`)];
    if (first && second && (first.from !== second.from || first.to !== second.to))
      return reading(spanning(first, second, `${first.label} and ${second.label}`), yearless[0], {
        periods: [first, second],
        yearPhrase: (years[0] as RegExpMatchArray)[0],
      });
  }
  // A span: "between March and May 2025", "from 2023 to 2024", "2023-2024", "Jan-Mar 2025".
  const span = text.match(
    new RegExp(
      `\\b(?:(?:between|from)\\s+)?(${POINT_RE}|${DAY_OF_RE}|${MONTH_RE}|${PART_RE})\\s*(?:\\s(?:and|to|through|thru|till|until)\\s|-|–|\\.\\.)\\s*(${POINT_RE})\\b`,
    ),
  );
  if (
    span &&
    (/^(between|from)\b/.test(span[0]) ||
      /[-–]|\.\./.test(span[0]) ||
      /\d\s+(to|through|thru|till|until)\s/.test(span[0]) ||
      // ("January through May 2025": a span, where "March to April" may set two side by side.)
      /\s(through|thru|till|until)\s/.test(span[0]) ||
      // ("Top 3 videos for each month, October to December 2020": one month to another, no comparison asked.)
      (new RegExp(`^(?:${MONTH_RE})\\s+to\\s`).test(span[0]) && !/\bcompar|\bvs\b|\bversus\b/.test(text)))
  ) {
    const last = readPoint(span[2] as string);
    const lastYear = last ? new Date(last.from * 1000).getUTCFullYear() : 0;
    let first = readPoint(
      new RegExp(YEAR_RE).test(span[1] as string) ? (span[1] as string) : `${span[1]} ${lastYear}`,
    );
    // "Between November and February 2025": the November before.
    if (first && last && first.from > last.from && !new RegExp(YEAR_RE).test(span[1] as string))
      first = readPoint(`${span[1]} ${lastYear - 1}`);
    if (first && last && first.from < last.to)
      return reading({ from: first.from, to: last.to, label: spanOf(first, last) }, span[0], {
        ends: [first, last],
      });
  }
  // An open end: "since March 2025", "after 2023", "before 2024", "until June 2024".
  const open = text.match(
    new RegExp(
      `\\b(since|after|before|prior to|until|till|up to|through|from)\\s+(?:the\\s+)?(${POINT_RE})(\\s+on(?:wards?)?\\b)?\\b`,
    ),
  );
  // (An impossible day, "2025-02-30", is no period: it is left unread, and said to be.)
  const openAt = open && (open[1] !== "from" || open[3]) ? readPoint(open[2] as string) : null;
  if (open && openAt) {
    const at = openAt;
    const word = open[1] as string;
    if (word === "since" || word === "from")
      return { ...reading(at, open[0]), to: undefined, label: `since ${at.label}`, openEnded: true };
    if (word === "after")
      return {
        ...reading(at, open[0]),
        from: at.to,
        to: undefined,
        label: `after ${at.label}`,
        openEnded: true,
      };
    // "Before 2024" ends where it begins; "until June 2024" includes June.
    const to = word === "before" || word === "prior to" ? at.from : at.to;
    return {
      days: 0,
      phrase: open[0],
      from: 0,
      to,
      label: `${word === "prior to" ? "before" : word === "till" ? "until" : word} ${at.label}`,
    };
  }
  const one = text.match(
    new RegExp(`\\b(?:(?:in|during|from|for|of|throughout)\\s+)?(?:the\\s+)?(${POINT_RE})\\b`),
  );
  const oneAt = one ? readPoint(one[1] as string) : null;
  if (one && oneAt) {
    const at = oneAt;
    // A bare year is a period after "in", "from" etc., or closing the question ("top hashtags 2025"); not
    // after a word that makes it a number ("top 2000", "over 2000").
    const bare = new RegExp(`^${YEAR_RE}$`).test(one[1] as string);
    const before = text.slice(0, one.index).trimEnd();
    const after = text.slice((one.index ?? 0) + one[0].length);
    // ("… but only 2025." closes the question with a year, not a count.)
    const aNumber =
      /(\b(top|first|last|over|under|above|below|than|least|most|about|around|nearly|almost|exactly|only|just|by)|[#@$€£\d.-])$/.test(
        before,
      ) && !(/\b(only|just)$/.test(before) && /^\s*[?.!]?\s*$/.test(after));
    // (Also a year set off as a label: "median views for Hue, 2024", "2024 only", "Tuyen Quang 2024: …",
    // "… hoi an 2024 plz".)
    const closing =
      (/^\s*[?.!]?\s*$/.test(after) &&
        !aNumber &&
        (!before.endsWith(",") || /,\s+$/.test(text.slice(0, one.index)))) ||
      (!aNumber && /^\s*(?::|,?\s+only\b|[,.]?\s*(?:please|pls|plz|thanks|thx|ty)\b)/.test(after));
    // ("Which 2025 Phu Quoc videos …", "the 2024 resort ads", "2023 videos with 2M+ views": a year before what the
    // question is about.)
    const describing =
      (/\b(which|what|the|all|my|our|their|list|show|show me|find|rank|compare)$/.test(before) ||
        before === "" ||
        /^the\s/.test(one[0])) &&
      /^\s+(?:(?:[\p{L}#]+\s+){1,3}?(?:videos?|vids?|posts?|clips?|ads?|uploads?|content)|(?:[\p{L}#]+\s+){0,2}?(?:data|dataset|set|collection|corpus|sample|scrape))\b/u.test(
        text.slice((one.index ?? 0) + one[0].length),
      );
    if (!bare || /^(in|during|from|for|of|throughout)\b/.test(one[0]) || closing || describing)
      return reading(at, one[0]);
  }
  // "2023 videos with 2M+ views", "what % of the 2024 videos …": a recent year just before the videos, opening the
  // question or after "the", is when they were posted ("top 2000 videos" lists two thousand).
  const yearOfVideos = text.match(
    /(?:^\W*|\b(?:the|which|what|all|our|my|their|of)\s+)(20[1-3]\d)(?=\s+(?:videos?|vids|posts?|clips?|ads?|uploads?)\b)/,
  );
  const year = yearOfVideos ? readPoint(yearOfVideos[1] as string) : null;
  if (yearOfVideos && year) return reading(year, yearOfVideos[1] as string);
  return null;
}

/**
 * The year a date named without one is read in until the answer places it (engine.ts): the latest such date up to
 * the corpus's newest video. No video is dated near it.
 */
export const YEARLESS_YEAR = 2196;

/**
 * A month, day, quarter or half named without its year: "april", "nov 20", "the first week of may", "mid-june",
 * "q1". "May", "March", the short names and quarters are dates only after a word that leads to one ("in may",
 * "vs mar"), at the start, or joined to another date ("q1 vs q2").
 */
const YEARLESS_RE = new RegExp(
  `(?<![@#\\w.])(?:(?:early|mid|late)(?:-|\\s+)?)?(?:${DAYS_OF_RE}|${DAY_OF_RE}|(${MONTH_RE})\\b(?!\\.?\\s*\\d)|q[1-4]\\b|h[12]\\b)(?!\\.?,?\\s+(?:of\\s+)?${YEAR_RE}\\b|\\.?,?\\s*['’]\\d{2}\\b)`,
  "g",
);
const LOOSE_DATE = /^(?:may|march|mar|jan|feb|apr|jun|jul|aug|sep|sept|oct|nov|dec|q[1-4]|h[12])$/;
const DATE_LEAD =
  /(?:^|\b(?:in|during|from|since|of|between|and|or|vs\.?|versus|to|through|thru|until|till|before|after|than|for|throughout|early|late|mid|compare|comparing)\s+|[-–,(]\s*|^\W*)$/;
/** Words joining two dates: "november and february", "april vs may", "jan-mar". */
const DATE_JOIN =
  /^\s*(?:and|to|through|thru|till|until|-|–|vs\.?|versus|or|than|against|compared\s+(?:to|with))\s*(?:(?:in|the)\s+)?$/;
/** "May" as a verb: "which hooks may help", "may not". */
const MAY_VERB =
  /^\s+(?:not|be|been|have|help|hurt|get|also|just|still|want|need|use|work|perform|do|look|show|affect|explain|matter|differ|vary|come|go|take|make|drive|boost|lead|cause|well|actually|even|only|reach|see|change|depend|include|i|we|you)\b/;

/** A year written short after a month, season or quarter: "dec '24", "summer ’23", "q1 '25". */
const SHORT_YEAR_RE = new RegExp(
  `(?<=\\b(?:${MONTH_RE}|summer|spring|autumn|fall|winter|q[1-4]|h[12])\\.?,?\\s*)['’](\\d{2})\\b`,
  "g",
);

/** A year written short after a quarter or half with no apostrophe: "q1 25 vs q1 24" (2015 to 2039). */
const QUARTER_YEAR_RE =
  /(?<=\b(?:q[1-4]|h[12])\s)(1[5-9]|[23]\d)\b(?!\s*(?:k\b|m\b|%|\+|[.,]\d|videos?|views?|plays?|likes?|posts?|days?|weeks?))/g;

/** One change made to the question before reading it again: `length` characters at `at` become `put`. */
interface Edit {
  at: number;
  length: number;
  put: string;
}

/** Where a date written in figures may start and end: not inside a number, a decimal, a time or a path. */
const FIGURES_BEFORE = String.raw`(?<![\w/.:,-])`;
const FIGURES_AFTER = String.raw`(?![\w/]|[.:,-]\d)`;
/** A day written year first in figures: "2024/03/15", "2024.03.15". */
const YMD_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(${YEAR_RE})([/.])(\d{1,2})\2(\d{1,2})${FIGURES_AFTER}`,
  "g",
);
/** A day written in figures with its year last: "3/15/2024", "15/3/24", "15.03.2024", "15-03-2024". */
const DMY_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(\d{1,2})([/.-])(\d{1,2})\2(${YEAR_RE}|\d{2})${FIGURES_AFTER}`,
  "g",
);
/** An ISO day after "the week of": "the week of 2025-02-24". */
const WEEK_ISO_RE = new RegExp(String.raw`(?<=\bweek\s+of\s+(?:the\s+)?)(${YEAR_RE})-(\d{2})-(\d{2})\b`, "g");
/** A day and month in figures before a day with its year: "15/3" in "from 15/3 to 15/4/2025". */
const DM_BEFORE_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(\d{1,2})/(\d{1,2})(?=\s*(?:to|-|–|until|till|through|and)\s*\d{1,2}[/.-]\d{1,2}[/.-](${YEAR_RE})${FIGURES_AFTER})`,
  "g",
);
/** Days of one month in figures, day first: "23–26/12/2023", "1-20/2/2024". */
const DAYS_DMY_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(\d{1,2})\s*[-–]\s*(\d{1,2})([/.])(\d{1,2})\3(${YEAR_RE})${FIGURES_AFTER}`,
  "g",
);
/** Two days in figures without a year, joined: "31/8 to 3/9" (the year is the one the question names). */
const DM_RANGE_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(\d{1,2})/(\d{1,2})(\s*(?:to|-|–|until|till|through|and)\s*)(\d{1,2})/(\d{1,2})${FIGURES_AFTER}`,
  "g",
);
/** A month written in figures: "03/2024", "3/2024", "2024/03". */
const MY_RE = new RegExp(
  String.raw`${FIGURES_BEFORE}(?:(\d{1,2})/(${YEAR_RE})|(${YEAR_RE})/(0[1-9]|1[0-2]))${FIGURES_AFTER}`,
  "g",
);

/**
 * How a question's dates in figures put day and month: "day" first when a day over 12 comes first or two dates share
 * the second figure ("1/3 - 10/3/2025"), "month" first when a day over 12 comes second, null when nothing settles
 * it (read month first).
 */
function figureOrder(question: string): "day" | "month" | null {
  const pairs = [
    ...[...question.matchAll(DMY_RE)].map((m) => [Number(m[1]), Number(m[3])] as const),
    ...[...question.matchAll(DM_BEFORE_RE)].map((m) => [Number(m[1]), Number(m[2])] as const),
  ];
  const dayOver12 = pairs.some(([a, b]) => a > 12 && b <= 12);
  const monthOver12 = pairs.some(([a, b]) => b > 12 && a <= 12);
  if (dayOver12 !== monthOver12) return dayOver12 ? "day" : "month";
  if (dayOver12) return null;
  const [first] = pairs;
  const sharedSecond =
    first !== undefined &&
    pairs.length >= 2 &&
    pairs.every(([, b]) => b === first[1]) &&
    !pairs.every(([a]) => a === first[0]);
  return sharedSecond ? "day" : null;
}

/**
 * Dates written in figures, each as the words readPeriod reads ("3/15/2024": "15 march 2024"; "03/2024": "march
 * 2024"). A day and month that could be either way round are read the way another date in the question settles
 * ("between 1/3/2024 and 31/3/2024" is day first; so is "1/3 - 10/3/2025", the month the figure both share), else
 * month first, as US dates are; the answer names the day.
 */
function figureDates(text: string, question: string): (Omit<Edit, "put"> & { put: string | null })[] {
  const written = (y: number, m: number, d?: number) => {
    if (m < 1 || m > 12) return null;
    const month = (MONTH_NAMES[m - 1] as string).toLowerCase();
    if (d === undefined) return `${month} ${y}`;
    // ("2/30/2024" is no day.)
    return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d ? `${d} ${month} ${y}` : null;
  };
  const dayFirst = figureOrder(question) === "day";
  const edits: ReturnType<typeof figureDates> = [];
  const add = (m: RegExpMatchArray, put: string | null) => {
    const at = m.index ?? 0;
    if (!edits.some((e) => at < e.at + e.length && e.at < at + m[0].length))
      edits.push({ at, length: m[0].length, put });
  };
  // ("23–26/12/2023": 23 to 26 December 2023.)
  for (const m of text.matchAll(DAYS_DMY_RE)) {
    const [from, to] = [
      written(Number(m[5]), Number(m[4]), Number(m[1])),
      written(Number(m[5]), Number(m[4]), Number(m[2])),
    ];
    add(m, from && to && Number(m[1]) < Number(m[2]) ? `${from} to ${to}` : null);
  }
  for (const m of text.matchAll(YMD_RE)) add(m, written(Number(m[1]), Number(m[3]), Number(m[4])));
  // ("The week of 2025-02-24": the week holding that day, as the day written out reads.)
  for (const m of text.matchAll(WEEK_ISO_RE)) add(m, written(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of text.matchAll(DMY_RE)) {
    const [a, b, year] = [Number(m[1]), Number(m[3]), m[4] as string];
    // ("15-30-60 seconds" and "1.5.24" are no dates: a short year is read after slashes only.)
    if (year.length === 2 && m[2] !== "/") continue;
    const y = year.length === 2 ? 2000 + Number(year) : Number(year);
    const [day, month] = a > 12 || (dayFirst && b <= 12) ? [a, b] : [b, a];
    add(m, written(y, month, day));
  }
  // ("From 15/3 to 15/4/2025": the first day takes the year of the second.)
  for (const m of text.matchAll(DM_BEFORE_RE)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const [day, month] = a > 12 || (dayFirst && b <= 12) ? [a, b] : [b, a];
    add(m, written(Number(m[3]), month, day));
  }
  for (const m of text.matchAll(MY_RE)) add(m, written(Number(m[2] ?? m[3]), Number(m[1] ?? m[4])));
  // ("National Day 2024 (31/8 to 3/9)": two days without a year, in the one year the question names, read the way
  // a figure over 12 settles.)
  const years = new Set(
    [...question.matchAll(new RegExp(`\\b(${YEAR_RE})\\b${NOT_A_YEAR}`, "g"))].map((m) => m[1]),
  );
  for (const m of years.size === 1 ? text.matchAll(DM_RANGE_RE) : []) {
    const [a, b, c, d] = [m[1], m[2], m[4], m[5]].map(Number) as [number, number, number, number];
    const order = a > 12 || c > 12 ? "day" : b > 12 || d > 12 ? "month" : dayFirst ? "day" : null;
    const y = Number([...years][0]);
    const [first, last] =
      order === "day"
        ? [written(y, b, a), written(y, d, c)]
        : order === "month"
          ? [written(y, a, b), written(y, c, d)]
          : [null, null];
    if (first && last) add(m, `${first}${m[3]}${last}`);
  }
  return edits;
}

/** Lunar New Year's Day (Tết Nguyên Đán) by year: month and day. */
const LUNAR_NEW_YEAR: Readonly<Record<number, readonly [number, number]>> = {
  2016: [2, 8],
  2017: [1, 28],
  2018: [2, 16],
  2019: [2, 5],
  2020: [1, 25],
  2021: [2, 12],
  2022: [2, 1],
  2023: [1, 22],
  2024: [2, 10],
  2025: [1, 29],
  2026: [2, 17],
  2027: [2, 6],
  2028: [1, 26],
  2029: [2, 13],
  2030: [2, 3],
};
/** The Mid-Autumn Festival (Tết Trung Thu, the 15th of the eighth lunar month) by year: month and day. */
const MID_AUTUMN: Readonly<Record<number, readonly [number, number]>> = {
  2020: [10, 1],
  2021: [9, 21],
  2022: [9, 10],
  2023: [9, 29],
  2024: [9, 17],
  2025: [10, 6],
  2026: [9, 25],
};

/** A day as [year, month (1-12), day]. */
type Ymd = readonly [number, number, number];
const plusDays = ([y, m, d]: Ymd, n: number): Ymd => {
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
};
/** Black Friday: the day after the fourth Thursday of November. */
const blackFriday = (y: number): Ymd => {
  const first = new Date(Date.UTC(y, 10, 1)).getUTCDay();
  return [y, 11, 1 + ((4 - first + 7) % 7) + 21 + 1];
};

/**
 * Holidays read as periods: the words naming each (lower case), its days in a year (null when not known for it),
 * and what the days are, as answers say. Longer names come first ("lunar new year" before "new year").
 */
const HOLIDAYS: readonly {
  words: string;
  days: (year: number) => readonly [Ymd, Ymd] | null;
  what: string;
  /** A lunar holiday's day by year, named in answers. */
  lunar?: Readonly<Record<number, readonly [number, number]>>;
}[] = [
  {
    // (The year's name may follow: "tết giáp thìn".)
    words: String.raw`t[eế]t(?:\s+nguy[eê]n\s+[dđ][aá]n)?(?:\s+(?:canh\s+t[yý]|t[aâ]n\s+s[uử]u|nh[aâ]m\s+d[aầ]n|qu[yý]\s+m[aã]o|gi[aá]p\s+th[iì]n|[aấ]t\s+t[yỵ]|b[ií]nh\s+ng[oọ]|[dđ]inh\s+m[uù]i))?|(?:lunar|chinese)\s+new\s+year`,
    days: (y) => {
      const day = LUNAR_NEW_YEAR[y];
      return day ? [plusDays([y, ...day], -3), plusDays([y, ...day], 3)] : null;
    },
    what: "the week around Lunar New Year's Day",
    lunar: LUNAR_NEW_YEAR,
  },
  {
    words: String.raw`summer(?:\s+school)?\s+(?:holidays?|vacations?|break)|(?:school\s+)?summer\s+holidays?`,
    days: (y) => [
      [y, 6, 1],
      [y, 8, 31],
    ],
    what: "the summer holidays (June to August)",
  },
  {
    words: String.raw`mid[-\s]?autumn(?:\s+festival)?|t[eế]t\s+trung\s+thu|trung\s+thu`,
    days: (y) => {
      const day = MID_AUTUMN[y];
      return day
        ? [
            [y, ...day],
            [y, ...day],
          ]
        : null;
    },
    what: "the Mid-Autumn Festival",
    lunar: MID_AUTUMN,
  },
  {
    words: String.raw`(?:christmas|xmas)\s+eve`,
    days: (y) => [
      [y, 12, 24],
      [y, 12, 24],
    ],
    what: "Christmas Eve",
  },
  {
    words: String.raw`(?:christmas|xmas)\s+day`,
    days: (y) => [
      [y, 12, 25],
      [y, 12, 25],
    ],
    what: "Christmas Day",
  },
  {
    words: String.raw`christmas|xmas|noel|gi[aá]ng\s+sinh`,
    days: (y) => [
      [y, 12, 24],
      [y, 12, 26],
    ],
    what: "Christmas Eve to Boxing Day",
  },
  {
    words: String.raw`new\s+year['’]?s\s+eve`,
    days: (y) => [
      [y, 12, 31],
      [y, 12, 31],
    ],
    what: "New Year's Eve",
  },
  {
    words: String.raw`new\s+year['’]?s\s+day`,
    days: (y) => [
      [y, 1, 1],
      [y, 1, 1],
    ],
    what: "New Year's Day",
  },
  {
    words: String.raw`new\s+year(?:['’]?s)?`,
    days: (y) => [
      [y - 1, 12, 31],
      [y, 1, 1],
    ],
    what: "New Year's Eve and New Year's Day",
  },
  {
    words: String.raw`(?:st\.?\s+)?valentine(?:['’]?s)?(?:\s+day)?`,
    days: (y) => [
      [y, 2, 14],
      [y, 2, 14],
    ],
    what: "Valentine's Day",
  },
  {
    words: "halloween",
    days: (y) => [
      [y, 10, 31],
      [y, 10, 31],
    ],
    what: "Halloween",
  },
  { words: String.raw`black\s+friday`, days: (y) => [blackFriday(y), blackFriday(y)], what: "Black Friday" },
  {
    words: String.raw`national\s+day|qu[oố]c\s+kh[aá]nh|2/9(?=\s+(?:long\s+)?(?:holidays?|weekend|break))`,
    days: (y) => [
      [y, 9, 2],
      [y, 9, 2],
    ],
    what: "Vietnam's National Day",
  },
  {
    words: String.raw`30/4(?:\s*(?:[-–&]|and)\s*1/5)?(?=\s+(?:long\s+)?(?:holidays?|weekend|break))|30/4\s*(?:[-–&]|and)\s*1/5(?!/)`,
    days: (y) => [
      [y, 4, 30],
      [y, 5, 1],
    ],
    what: "the Reunification Day and Labour Day holiday",
  },
  {
    words: String.raw`reunification\s+day`,
    days: (y) => [
      [y, 4, 30],
      [y, 4, 30],
    ],
    what: "Reunification Day",
  },
];
/** Words after a holiday's name that name its days: "tết week", "the 30/4 long weekend", "christmas holidays". */
const HOLIDAY_NOUNS = String.raw`(?:long\s+)?(?:holidays?|weekends?|weeks?|break|period|season|days)`;
/** A holiday named beside days written out, or "holiday" itself: "tết week", "the holiday stretch". */
export const HOLIDAY_BESIDE = new RegExp(
  String.raw`(?<![\w/#])(?:the\s+)?(?:(?:${HOLIDAYS.map((h) => h.words).join("|")})(?![\w/])(?:\s+(?:${HOLIDAY_NOUNS}|window|stretch|run[-\s]?up))*|(?:long\s+)?(?:holidays?|long\s+weekend)(?:\s+(?:${HOLIDAY_NOUNS}|window|stretch|run[-\s]?up))*)(?:\s+(?:of\s+|in\s+)?${YEAR_RE}\b(?:\s+(?:${HOLIDAY_NOUNS}|window|stretch|run[-\s]?up))*)?(?![\w/])`,
  "g",
);
/** Words before a holiday's name that make it a time, not a topic: "during tết", "around christmas". */
const HOLIDAY_LEAD =
  /\b(?:during|over|around|at|on|for|before|after|since|until|till|through|thru|from|to|and|vs\.?|versus|than|between)\s+(?:the\s+)?$/;
const HOLIDAY_DAYS_BESIDE = new RegExp(
  String.raw`^\s*(?:window|stretch|period|run[-\s]?up)?\s*\(\s*(?:from\s+|between\s+)?(?:\d|${MONTH_RE}\b)`,
);
/** Words before a holiday's name that make it words to look for: "captions mentioning tết", "#christmas". */
const HOLIDAY_MENTION =
  /(?:#|\bmention(?:s|ed|ing)?\s+(?:of\s+)?(?:the\s+)?|\b(?:word|tag|hashtag)\s+)["“']?$/;

/** Each holiday's words with a year beside them, read once: "tết 2025", "the 2024 tết holiday", "30/4–1/5 in 2024 vs 2025". */
const HOLIDAY_RES = HOLIDAYS.map((h) => ({
  h,
  re: new RegExp(
    String.raw`(?<![\w/#])(?:(${YEAR_RE})\s+)?(?:${h.words})(?![\w/])(?:\s+${HOLIDAY_NOUNS}){0,2}(?:,?\s+(?:of\s+|in\s+)?(${YEAR_RE})\b${NOT_A_YEAR}(?:\s*(?:vs\.?|versus|and|or|against|compared\s+(?:to|with))\s*(?:in\s+)?(${YEAR_RE})\b${NOT_A_YEAR})?)?`,
    "g",
  ),
}));
/** A holiday's words ending in words naming its days: "the 30/4 weekend", "tết week". */
const HOLIDAY_NOUNS_END = new RegExp(`\\s${HOLIDAY_NOUNS}$`);

/**
 * Holidays named as times, each as the days readPeriod reads ("tết 2025": "26 january 2025 through 1 february
 * 2025") and what they are: with a year beside the name ("christmas 2024", "the 2024 tết holiday"), or after a word
 * that makes it a time ("during tết", "over the 30/4 weekend") with the one year the question names (a fixed date
 * whose days are named, "the 30/4 weekend", in YEARLESS_YEAR when it names none: read as the latest in the corpus).
 * "Tết videos", "around christmas" and "captions mentioning christmas" are topics, left as they are; a holiday
 * beside days written out is blanked (`what` ""), for them to be read.
 */
function holidayDates(text: string, question: string): (Edit & { what: string })[] {
  const years = new Set(
    [...question.matchAll(new RegExp(`\\b(${YEAR_RE})\\b${NOT_A_YEAR}`, "g"))].map((m) => Number(m[1])),
  );
  const named = years.size === 1 ? ([...years][0] as number) : null;
  const put = ([a, b]: readonly [Ymd, Ymd]) => {
    const day = ([y, m, d]: Ymd) => `${d} ${(MONTH_NAMES[m - 1] as string).toLowerCase()} ${y}`;
    return a.join() === b.join() ? day(a) : `${day(a)} through ${day(b)}`;
  };
  const edits: (Edit & { what: string })[] = [];
  for (const { h, re } of HOLIDAY_RES) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      const before = text.slice(0, at);
      // ("The run-up to christmas", "ahead of tết": the days before it, which no holiday reading gives.)
      if (
        HOLIDAY_MENTION.test(before) ||
        /\b(?:(?:run|lead)[-\s]?up|leading\s+up)\s+to\s+(?:the\s+)?$|\bahead\s+of\s+(?:the\s+)?$/.test(before)
      )
        continue;
      // (Days written out beside it are the window, its name set aside for them to be read: "tết 2024 window (1–20
      // feb 2024) vs tết 2025 window (20 jan–8 feb 2025)".)
      const beside = HOLIDAY_DAYS_BESIDE.exec(text.slice(at + m[0].length));
      if (beside) {
        const length = m[0].length + (beside[0].lastIndexOf("(") >= 0 ? beside[0].lastIndexOf("(") : 0);
        if (!edits.some((e) => at < e.at + e.length && e.at < at + length))
          edits.push({ at, length, put: " ".repeat(length), what: "" });
        continue;
      }
      const written = m[1] ?? m[2];
      const nouns = HOLIDAY_NOUNS_END.test(m[0]);
      const timed = written !== undefined || nouns || HOLIDAY_LEAD.test(before);
      const lunar = h.days(YEARLESS_YEAR) === null;
      // (Without a year the question names, a holiday is read as the latest only where its days are named,
      // "over the 30/4 weekend"; "around christmas" asks of every year, a topic.)
      const year =
        written !== undefined ? Number(written) : (named ?? (lunar || !nouns ? null : YEARLESS_YEAR));
      const days = timed && year !== null ? h.days(year) : null;
      if (year === null || !days || edits.some((e) => at < e.at + e.length && e.at < at + m[0].length))
        continue;
      // ("30/4–1/5 in 2024 vs 2025": the holiday in each year, side by side.)
      const also = m[3] === undefined ? null : h.days(Number(m[3]));
      // (A lunar holiday names its day: "the week around Lunar New Year's Day (29 January 2025)".)
      const day = h.lunar?.[year];
      const [y, month, d] = day ? [year, ...day] : days[0];
      edits.push({
        at,
        length: m[0].length,
        put: also ? `${put(days)} vs ${put(also)}` : put(days),
        what: lunar ? `${h.what} (${d} ${MONTH_NAMES[month - 1]} ${y})` : h.what,
      });
    }
  }
  // ("Between christmas eve and new year's day 2024": the second holiday after the first, in the next year.)
  edits.sort((a, b) => a.at - b.at);
  const start = (put: string) => readPoint(put.replace(/ through .*$/, ""))?.from ?? 0;
  for (const [i, e] of edits.entries()) {
    const before = edits[i - 1];
    const joined =
      before !== undefined &&
      /^\s*(?:and|to|through|thru|till|until|-|–)\s*(?:the\s+)?$/.test(
        text.slice(before.at + before.length, e.at),
      );
    if (
      joined &&
      start(e.put) < start(before.put) &&
      !new RegExp(`\\b${YEAR_RE}\\b`).test(text.slice(e.at, e.at + e.length))
    )
      e.put = e.put.replace(/\b\d{4}\b/g, (y) => String(Number(y) + 1));
  }
  return edits;
}

/**
 * Days in figures whose day and month could be either way round and that no other date settles, read month first
 * ("06/01/2025": 1 June 2025): each as written, as read, and the ISO day the other reading would be.
 */
export function monthFirstDates(text: string): { written: string; read: string; other: string }[] {
  if (figureDates(text, text).length === 0) return [];
  // (As figureDates settles them: a day over 12, or the figure two dates share.)
  if (figureOrder(text) !== null) return [];
  return [...text.matchAll(DMY_RE)].flatMap((m) => {
    const [a, b, year] = [Number(m[1]), Number(m[3]), m[4] as string];
    if (a === b || a > 12 || b > 12 || (year.length === 2 && m[2] !== "/")) return [];
    const y = year.length === 2 ? 2000 + Number(year) : Number(year);
    const read = Date.UTC(y, a - 1, b) / 1000;
    const other = new Date(Date.UTC(y, b - 1, a)).toISOString().slice(0, 10);
    return [{ written: m[0], read: dayName(read), other }];
  });
}

/**
 * Holidays named beside the window read (`at` in the text), naming it: "tết week (jan 27 – feb 2, 2025)", "the 30
 * april–4 may 2025 holiday stretch", "20/12/2024–5/1/2025 (christmas to new year)". Each as where it is written
 * and its length. "Christmas videos in december 2024" and "captions mentioning christmas in 2024" name what to look
 * for, left as they are.
 */
export function holidayWords(text: string, at: number, phrase: string): { at: number; length: number }[] {
  return [...text.matchAll(HOLIDAY_BESIDE)].flatMap((m) => {
    const [begin, end] = [m.index ?? 0, (m.index ?? 0) + m[0].length];
    if (HOLIDAY_MENTION.test(text.slice(0, begin))) return [];
    const gap = (end <= at ? text.slice(end, at) : text.slice(at + phrase.length, begin))
      .replace(HOLIDAY_BESIDE, " ")
      .replace(/\b(?:to|and|through|till|until)\b/g, " ");
    return /^[\s(),:;–—-]*(?:(?:in|of)\s+)?[\s(),:;–—-]*$/.test(gap)
      ? [{ at: begin, length: m[0].length }]
      : [];
  });
}

/** Holidays read as periods ("tết 2025"): each as written and what its days are, for the answer to say. */
export function holidayReadings(text: string): { written: string; what: string }[] {
  return holidayDates(text, text)
    .filter((h) => h.what !== "")
    .map((h) => ({ written: text.slice(h.at, h.at + h.length), what: h.what }));
}

/**
 * Days that are no day, in figures or written out ("2/30/2025", "31/04/2025", "30 February 2025"): left unread, for
 * the answer to say so.
 */
export function impossibleDates(text: string): string[] {
  const written = [
    ...text.matchAll(
      new RegExp(
        `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\b\\.?,?\\s+(${YEAR_RE})\\b|\\b(${MONTH_RE})\\b\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(${YEAR_RE})\\b`,
        "gi",
      ),
    ),
  ].filter((m) => {
    const [d, month, y] = [
      Number(m[1] ?? m[5]),
      MONTHS[(m[2] ?? m[4] ?? "").toLowerCase()],
      Number(m[3] ?? m[6]),
    ];
    return month !== undefined && new Date(Date.UTC(y, month, d)).getUTCDate() !== d;
  });
  return [
    ...figureDates(text, text)
      .filter((e) => e.put === null)
      .map((e) => text.slice(e.at, e.at + e.length)),
    ...written.map((m) => m[0]),
  ];
}

/**
 * A period read from the question with short years written out ("dec '24": December 2024) and a year put after
 * each month, day or quarter written without one: the one year the question names, or YEARLESS_YEAR when it names
 * none. `phrase` is the words as written. Null when there is nothing to change, or the first reading (`read`)
 * already holds each date.
 */
function readRewritten(text: string, read: WindowReading | null, question: string): WindowReading | null {
  const readAt = read ? text.indexOf(read.phrase) : -1;
  const yearAt = read?.yearPhrase === undefined ? -1 : text.indexOf(read.yearPhrase);
  const inside = (at: number, from: number, phrase: string | undefined) =>
    from >= 0 && phrase !== undefined && at >= from && at < from + phrase.length;
  const fullYear = (yy: string) => String(Number(yy) > 50 ? 1900 + Number(yy) : 2000 + Number(yy));
  // (A holiday is read where no other period is, or where it holds the one read first: "during tết 2025", "over the
  // 30/4 holiday in 2024". Elsewhere the period read stands: "from october to december 2020 … the run-up to
  // christmas".)
  const touches = (h: Edit) =>
    readAt >= 0 &&
    read !== null &&
    (h.at < readAt + read.phrase.length && readAt < h.at + h.length
      ? true
      : /^\s*(?:,|in|of|during)?\s*$/.test(
          h.at < readAt ? text.slice(h.at + h.length, readAt) : text.slice(readAt + read.phrase.length, h.at),
        ));
  // (A holiday's name set aside beside days written out is blanked wherever it is.)
  const holidays: Edit[] = holidayDates(text, question).filter((h) => !read || h.what === "" || touches(h));
  const overlaps = (e: Edit) => holidays.some((h) => e.at < h.at + h.length && h.at < e.at + e.length);
  const edits: Edit[] = [
    ...holidays.map(({ at, length, put }) => ({ at, length, put })),
    ...figureDates(text, question).filter((e): e is Edit => e.put !== null && !overlaps(e as Edit)),
    ...[...text.matchAll(SHORT_YEAR_RE), ...text.matchAll(QUARTER_YEAR_RE)].map((m) => ({
      at: m.index ?? 0,
      length: m[0].length,
      put: fullYear(m[1] as string),
    })),
  ];
  const found = [...text.matchAll(YEARLESS_RE)];
  const joined = (a: RegExpMatchArray | undefined, b: RegExpMatchArray | undefined) =>
    a !== undefined && b !== undefined && DATE_JOIN.test(text.slice((a.index ?? 0) + a[0].length, b.index));
  const dates = found.filter((m, i) => {
    const at = m.index ?? 0;
    if (inside(at, readAt, read?.phrase) || inside(at, yearAt, read?.yearPhrase)) return false;
    if (!LOOSE_DATE.test(m[0])) return true;
    if (m[0] === "may" && MAY_VERB.test(text.slice(at + m[0].length))) return false;
    // ("For our Q3 deck" names no period; "in Q3", "Q1 vs Q2" do.)
    return DATE_LEAD.test(text.slice(0, at)) || joined(m, found[i + 1]) || joined(found[i - 1], m);
  });
  const years = new Set([
    ...[...question.matchAll(new RegExp(`\\b(${YEAR_RE})\\b${NOT_A_YEAR}`, "g"))].map((m) => m[1] as string),
    ...edits.map((e) => e.put.slice(-4)).filter((put) => /^\d{4}$/.test(put)),
  ]);
  const year = years.size === 1 ? ([...years][0] as string) : String(YEARLESS_YEAR);
  // (A date joined to the next, "november and february", "april vs may", takes the next one's year as periods
  // read: the November before. With two years named, a date without one is left as it is.)
  // (But a span's end set against another span takes the year itself: "november–february vs june–august" is the
  // winter and the summer after it, not one span.)
  const spanJoin = (a: RegExpMatchArray | undefined, b: RegExpMatchArray) =>
    a !== undefined &&
    /^\s*(?:to|through|thru|till|until|-|–)\s*$/.test(text.slice((a.index ?? 0) + a[0].length, b.index));
  for (const [i, m] of years.size > 1 ? [] : dates.entries()) {
    const end = (m.index ?? 0) + m[0].length;
    const next = dates[i + 1];
    const setAgainst = next !== undefined && spanJoin(dates[i - 1], m) && !spanJoin(m, next);
    if (!(next && DATE_JOIN.test(text.slice(end, next.index))) || setAgainst)
      edits.push({ at: end, length: 0, put: ` ${year}` });
  }
  // ("Trending 2020: did videos posted in September do better than those posted in December?": the year read first
  // is the months', set aside for them to be read.)
  const yearRead = read && readAt >= 0 && /^\d{4}$/.test(read.label ?? "") && read.label === year;
  if (
    yearRead &&
    edits.some((e) => e.length === 0) &&
    !edits.some((e) => e.at >= readAt && e.at < readAt + read.phrase.length)
  )
    edits.push({ at: readAt, length: read.phrase.length, put: " ".repeat(read.phrase.length) });
  if (edits.length === 0) return null;
  edits.sort((a, b) => a.at - b.at);
  let filled = "";
  let from = 0;
  for (const e of edits) {
    filled += text.slice(from, e.at) + e.put;
    from = e.at + e.length;
  }
  filled += text.slice(from);
  const again = readPeriod(filled);
  const at = again ? filled.indexOf(again.phrase) : -1;
  if (!again || at < 0) return null;
  // Where a place in the rewritten question falls in the question as written (an edit's start, or its end).
  const written = (place: number, side: "start" | "end") => {
    let shift = 0;
    for (const e of edits) {
      const start = e.at + shift;
      if (place < start || (side === "start" && place === start)) break;
      if (place < start + e.put.length || (side === "end" && place === start + e.put.length))
        return side === "start" ? e.at : e.at + e.length;
      shift += e.put.length - e.length;
    }
    return place - shift;
  };
  const [start, end] = [written(at, "start"), written(at + again.phrase.length, "end")];
  const phrase = text.slice(start, end);
  if (!edits.some((e) => e.at >= start && e.at <= end)) return null;
  // (It stands in for the first reading where the two meet, "from march 2025" and "march 2025 compare to april",
  // or where it lies within it, "week 14 of 2025 (31 mar – 6 apr)"; the first's words are then read too.)
  const within =
    read?.from !== undefined &&
    read.to !== undefined &&
    !read.periods &&
    again.from !== undefined &&
    again.to !== undefined &&
    again.from >= read.from &&
    again.to <= read.to;
  if (read && !within && (readAt >= end || readAt + read.phrase.length <= start)) return null;
  const { yearPhrase, ends, ...rest } = again;
  // (A holiday's days are one period, not a span between two days to set side by side.)
  const holiday = holidays.some((h) => h.at >= start && h.at + h.length <= end);
  if (ends && !holiday) Object.assign(rest, { ends });
  // ("Trending 2020 between nov 20 and dec 5": the year taken is read too.)
  const yearTaken =
    year !== String(YEARLESS_YEAR) && !phrase.includes(year) && text.includes(year) ? year : undefined;
  const yearWords =
    within && readAt >= 0 && (readAt >= end || readAt + (read?.phrase.length ?? 0) <= start)
      ? read?.phrase
      : yearPhrase !== undefined && text.includes(yearPhrase)
        ? yearPhrase
        : yearTaken;
  return { ...rest, phrase, ...(yearWords !== undefined ? { yearPhrase: yearWords } : {}) };
}

const YEARLESS_FROM = Date.UTC(YEARLESS_YEAR - 1, 0, 1) / 1000;
const YEARLESS_TO = Date.UTC(YEARLESS_YEAR + 2, 0, 1) / 1000;

/** Whether a time (Unix seconds) was read in YEARLESS_YEAR or a year beside it (a span over New Year). */
export const isYearless = (seconds: number | undefined): seconds is number =>
  seconds !== undefined && seconds >= YEARLESS_FROM && seconds < YEARLESS_TO;

/** A time read without a year, moved `years` years (same day and time); any other time as it is. */
export function moveYearless(seconds: number, years: number): number {
  if (!isYearless(seconds)) return seconds;
  const d = new Date(seconds * 1000);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime() / 1000;
}

const YEARLESS_WORDS = `\\b(?:${YEARLESS_YEAR - 1}|${YEARLESS_YEAR}|${YEARLESS_YEAR + 1})\\b`;

/** Words naming a date read without a year ("April 2196"), with the year moved `years` years. */
export const moveYearlessWords = (words: string, years: number): string =>
  words.replace(new RegExp(YEARLESS_WORDS, "g"), (y) => String(Number(y) + years));

/** Whether a question writes one of the years dates without one are read in ("in 2196"): those stay. */
export const writesYearlessYear = (question: string): boolean => new RegExp(YEARLESS_WORDS).test(question);

/**
 * Reads a time window from the (lower-cased) question; null when it names none. `question` is the whole
 * question when `text` is what is left of it: a date without its year takes the one year it names.
 */
export function readWindow(text: string, question = text): WindowReading | null {
  const first = readPeriod(text);
  const period = readRewritten(text, first, question) ?? first;
  if (period) return period;
  const numbered = text.match(
    /\b(?:in |over |during |for |within )?(?:the )?(?:last|past|previous|recent|trailing|final)\s+(\d{1,3}|one|two|three|four|five|six|seven|ten|fourteen|thirty|ninety|few|couple of)\s+(hours?|hrs?|days?|weeks?|wks?|months?|quarters?|years?|fortnights?)\b(?:\s+(?:of|in)\s+(?:the|this|our)\s+(?:scrape|dataset|data\s+set|data|corpus|collection|sample|export))?/,
  );
  if (numbered) {
    const n = /^\d+$/.test(numbered[1] as string)
      ? Number(numbered[1])
      : (NUMBER_WORDS[numbered[1] as string] ?? 1);
    const days = n * (UNIT_DAYS[numbered[2] as string] ?? 1);
    return { days: Math.max(1, Math.round(days)), phrase: numbered[0].trim() };
  }
  const ago = text.match(/\b(\d{1,3})\s+(hours?|days?|weeks?|months?)\s+ago\b/);
  if (ago)
    return {
      days: Math.max(1, Math.round(Number(ago[1]) * (UNIT_DAYS[ago[2] as string] ?? 1))),
      phrase: ago[0],
    };
  const since = text.match(/\b(\d{1,3})[- ]?(day|week|month)s?\b(?! old)/);
  if (since && /\b(window|period|span|range)\b/.test(text))
    return { days: Number(since[1]) * (UNIT_DAYS[since[2] as string] ?? 1), phrase: since[0] };
  const single = text.match(
    /\b(?:this|the last|the past|the final|last|past|previous|over the last|over the past)\s+(day|week|fortnight|month|quarter|year)\b(?:\s+(?:of|in)\s+(?:the|this|our)\s+(?:scrape|dataset|data\s+set|data|corpus|collection|sample|export))?/,
  );
  if (single) return { days: UNIT_DAYS[single[1] as string] ?? 7, phrase: single[0] };
  if (/\b(today|so far today|this morning|tonight)\b/.test(text))
    return {
      days: 0,
      phrase: (text.match(/\b(today|so far today|this morning|tonight)\b/) as string[])[0] as string,
    };
  if (/\b(yesterday|last 24 hours|past 24 hours|last day)\b/.test(text))
    return { days: 2, phrase: "since yesterday" };
  // (Not "wow" or "my mom": "WoW" and "MoM" are read as week and month over week and month before.)
  if (/\b(weekly|week-over-week)\b/.test(text)) return { days: 7, phrase: "weekly" };
  if (/\b(monthly|month-over-month)\b/.test(text)) return { days: 30, phrase: "monthly" };
  const now = text.match(
    /\b(right now|currently|at the moment|at present|these days|lately|nowadays|as of now|now)\b/,
  );
  if (now) return { days: 2, phrase: now[0], shortest: true };
  return null;
}

/**
 * "… vs the 30 days before that", "… compared with the period before": the window before one of `days` read
 * first, as a relative window of its length (null when the question names none).
 */
const BEFORE_COUNTED =
  /\b(?:the\s+)?(\d{1,3}|one|two|three|four|five|six|seven|ten|fourteen|thirty|ninety)\s+(days?|weeks?|months?)\s+(?:before|prior|preceding)(?:\s+(?:that|it|then|this))?\b/;
const BEFORE_PERIOD =
  /\bthe\s+(?:previous|prior|preceding)\s+(?:period|one|window|stretch)\b|\bthe\s+(?:period|window)\s+before(?:\s+(?:that|it))?\b/;

export function readWindowBefore(text: string, days: number): WindowReading | null {
  const counted = text.match(BEFORE_COUNTED);
  if (counted) {
    const n = /^\d+$/.test(counted[1] as string)
      ? Number(counted[1])
      : (NUMBER_WORDS[counted[1] as string] ?? 1);
    return { days: Math.round(n * (UNIT_DAYS[counted[2] as string] ?? 1)), phrase: counted[0] };
  }
  const period = text.match(BEFORE_PERIOD);
  return period ? { days, phrase: period[0] } : null;
}

/**
 * "The 3 months ending March 2025 vs the 3 months before", "… compared with the period before": the stretch just
 * before a calendar window read first, as long as named (or as long as the window), as a period of its own. Null
 * when the question names none or the window is not one whole period.
 */
export function periodBefore(text: string, window: WindowReading): WindowReading | null {
  const { from, to } = window;
  if (from === undefined || to === undefined || window.periods || window.openEnded || from <= 0) return null;
  const counted = text.match(BEFORE_COUNTED);
  const period = counted ? null : text.match(BEFORE_PERIOD);
  if (!counted && !period) return null;
  const [start, end] = [new Date(from * 1000), new Date(to * 1000)];
  // (A window of whole months is followed back by whole months: "Q1 2025 vs the period before" is Q4 2024.)
  const wholeMonths =
    start.getUTCDate() === 1 && end.getUTCDate() === 1 && start.getUTCHours() === 0 && end.getUTCHours() === 0
      ? (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth()
      : 0;
  const n = counted
    ? /^\d+$/.test(counted[1] as string)
      ? Number(counted[1])
      : (NUMBER_WORDS[counted[1] as string] ?? 1)
    : 0;
  const unit = counted ? singular(counted[2] as string) : "";
  const before = counted
    ? shifted(from, -n, unit)
    : wholeMonths > 0
      ? shifted(from, -wholeMonths, "month")
      : from - (to - from);
  const words = counted ? `the ${n === 1 ? unit : `${n} ${unit}s`} before` : "the period before";
  return reading(
    { from: before, to: from, label: `${words} (${spanLabel(dayName(before), dayName(from - 1))})` },
    (counted ?? period)?.[0] as string,
  );
}

/**
 * "This month vs last month", "the last 7 days vs the previous 7 days": two relative windows of one length are
 * the latest such window and the one before it, side by side (times counted back from the end: `fromEnd`).
 * Null for other pairs ("the last 7 days vs the last 30 days", a calendar period).
 */
export function consecutiveWindows(first: WindowReading, second: WindowReading): WindowReading | null {
  const days = first.days;
  if (first.from !== undefined || second.from !== undefined || first.shortest || second.shortest) return null;
  if (days < 1 || second.days !== days) return null;
  const span = days * 86_400;
  return {
    days: 2 * days,
    phrase: first.phrase,
    from: -2 * span,
    to: 0,
    label: `the last ${days} days and the ${days} before`,
    periods: [
      { from: -2 * span, to: -span, label: `the previous ${days} days`, fromEnd: true },
      { from: -span, to: 0, label: `the last ${days} days`, fromEnd: true },
    ],
  };
}

/**
 * "Total shares in 2025, and how that compares to 2024": two calendar periods read apart, set side by side as
 * "2025 vs 2024" is (in the order written). Null unless both are one whole period each.
 */
export function periodsApart(first: WindowReading, second: WindowReading): WindowReading | null {
  const whole = (w: WindowReading): w is WindowReading & Period =>
    w.from !== undefined &&
    w.to !== undefined &&
    w.label !== undefined &&
    !w.openEnded &&
    !w.periods &&
    !w.ends;
  if (!whole(first) || !whole(second) || (first.from === second.from && first.to === second.to)) return null;
  const [a, b] = [first, second].map((w) => ({ from: w.from, to: w.to, label: w.label })) as [Period, Period];
  return reading(spanning(a, b, `${a.label} and ${b.label}`), first.phrase, { periods: [a, b] });
}

/**
 * "2023 vs 2024 vs 2025": a further whole calendar period after periods set side by side, one more of them (in
 * the order written). Null unless `next` is one whole period that none of them is.
 */
export function anotherPeriod(window: WindowReading, next: WindowReading): WindowReading | null {
  const periods = window.periods;
  if (
    !periods ||
    next.from === undefined ||
    next.to === undefined ||
    next.label === undefined ||
    next.openEnded ||
    next.periods ||
    next.ends ||
    periods.some((p) => p.from === next.from && p.to === next.to)
  )
    return null;
  const all = [...periods, { from: next.from, to: next.to, label: next.label }];
  const labels = all.map((p) => p.label);
  const whole = all.reduce((a, b) =>
    spanning(a, b, `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`),
  );
  return reading(whole, window.phrase, { periods: all });
}

/** 1 → "1st", 22 → "22nd", 13 → "13th", 90 → "90th". */
export function ordinalNumber(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

/** The tool window nearest to `days` (ties to the longer window). */
export function snapWindow<T extends number>(days: number, offered: readonly T[]): T {
  let best = offered[0] as T;
  for (const w of offered) if (Math.abs(w - days) <= Math.abs(best - days)) best = w;
  return best;
}

/** Singular form for lexicon look-ups ("brands" → "brand", "countries" → "country"). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us"))
    return word.slice(0, -1);
  return word;
}

/** A span of the hours of the day read from a question, in the asker's clock: [from, to) in whole hours. */
export interface HourSpan {
  /** First hour (0-23) and the hour it ends before (1-24; below `from` when it runs past midnight). */
  from: number;
  to: number;
  /** "18:00-22:00". */
  label: string;
  /** The part of the day it was named by ("evening"), if any. */
  part?: string;
  /** Where it was written, and the words. */
  at: number;
  phrase: string;
  /** Minutes were written that do not fall on the hour ("6:30-9pm"): widened to whole hours. */
  widened: boolean;
  /** "between", "from", "during" … before it: the hours asked about, not an hour to point at. */
  bounded: boolean;
}

/** The parts of the day as a span of hours each, read after a verb of posting ("posted in the evening"). */
export const DAY_PARTS: Readonly<Record<string, [number, number]>> = {
  morning: [6, 12],
  lunchtime: [11, 14],
  lunch: [11, 14],
  afternoon: [12, 18],
  evening: [18, 24],
  night: [0, 6],
  "late night": [0, 6],
  "late-night": [0, 6],
  overnight: [0, 6],
};

const CLOCK = String.raw`(?:(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|h\b|giờ)?|(midnight|noon|midday))`;
/** "6-9am", "between 6pm and 10pm", "18:00–22:00", "midnight to 4am", "06-12 UTC". */
const HOUR_RANGE = new RegExp(
  String.raw`(?<!\d)(?:(between|from|during|within|in)\s+)?${CLOCK}\s*(?:-|–|—|to|and|until|till|through)\s*${CLOCK}(?:\s*(utc|gmt)\b)?(?![\d%])`,
  "gi",
);
/** "After 10pm", "before noon", "past 8 pm": from a clock to midnight, or from midnight to it. */
const HOUR_OPEN = new RegExp(
  String.raw`\b(after|past|later than|before|earlier than|until|till)\s+${CLOCK}(?:\s*(utc|gmt)\b)?(?![\d%])`,
  "gi",
);
/** One clock time after a verb of posting ("posting at 8pm", "posted at midnight"): that hour. */
const HOUR_AT = new RegExp(
  String.raw`\b(?:posted|uploaded|published|posting|uploading|publishing|post|posts|upload|uploads|goes? live|went live)\s+(?:[\p{L}]+\s+){0,2}?at\s+(?:around\s+|about\s+)?${CLOCK}(?:\s*(utc|gmt)\b)?(?![\d%-])`,
  "giu",
);
const DAY_PART_RE = new RegExp(
  String.raw`\b(?:(?:posted|uploaded|published|posting|uploading|post|posts|upload|uploads|goes? (?:out|live)|went (?:out|live))\s+(?:[\p{L}]+\s+){0,2}?(?:in the|during the|at|around|over|in)\s+(${Object.keys(DAY_PARTS).join("|")})(?:s|time)?\b|\b(${Object.keys(DAY_PARTS).join("|")})(?:time)?\s+(?:posts|uploads|posting)\b)`,
  "giu",
);
/** Two parts of the day set side by side: "morning or evening", "morning vs night". */
const DAY_PART_PAIR = new RegExp(
  String.raw`\b(${Object.keys(DAY_PARTS).join("|")})s?\s*(?:or|vs\.?|versus|and|/)\s*(${Object.keys(DAY_PARTS).join("|")})s?\b`,
  "gi",
);
/** A part of the day set against an earlier span: "posted after 9pm vs in the morning", "… or at night". */
const DAY_PART_VS = new RegExp(
  String.raw`\b(?:vs\.?|versus|or|compared (?:to|with)|than)\s+(?:(?:those|ones|videos|posts)\s+(?:(?:posted|uploaded|published)\s+)?)?(?:in the|during the|at|in)\s+(${Object.keys(DAY_PARTS).join("|")})s?\b`,
  "gi",
);
/** A part of the day written just before a range ("over lunch (11:00-13:00)"): the range's name. */
const PART_BEFORE = new RegExp(
  String.raw`\b(${Object.keys(DAY_PARTS).join("|")})s?\s+(?:(?:posts|uploads|videos|clips)\s+)?\(?\s*$|\b(${Object.keys(DAY_PARTS).join("|")})s?\s*\(\s*$`,
  "i",
);

/** An hour of a clock written (hour, minutes, am/pm or "h"), as an hour 0-24 and whether it is 12-hour. */
function clockHour(
  h: string | undefined,
  m: string | undefined,
  ap: string | undefined,
  word: string | undefined,
): { hour: number; minutes: number; half: "am" | "pm" | null; marked: boolean } | null {
  if (word) return { hour: /midnight/i.test(word) ? 0 : 12, minutes: 0, half: null, marked: true };
  const hour = Number(h);
  const minutes = m === undefined ? 0 : Number(m);
  if (minutes > 59) return null;
  const half = ap && /^a/i.test(ap) ? "am" : ap && /^p/i.test(ap) ? "pm" : null;
  if (half ? hour < 1 || hour > 12 : hour > 24) return null;
  return { hour, minutes, half, marked: ap !== undefined || m !== undefined };
}

const twelve = (hour: number, half: "am" | "pm") => (hour % 12) + (half === "pm" ? 12 : 0);
const clockText = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;

/**
 * The spans of hours a question names: ranges written with a clock ("6-9am", "18:00-22:00", "between 6pm and
 * 10pm", "midnight to 4am", "06-12 UTC", or a bare "12-18" after a part of the day), and parts of the day after a
 * verb of posting ("posted in the evening": 18:00-24:00). A range of bare numbers elsewhere is not one ("10-20
 * videos").
 */
export function hourSpans(text: string): HourSpan[] {
  const spans: HourSpan[] = [];
  for (const m of text.matchAll(HOUR_RANGE)) {
    const [phrase, cue, h1, m1, ap1, w1, h2, m2, ap2, w2, utc] = m as unknown as (string | undefined)[];
    const a = clockHour(h1, m1, ap1, w1);
    const b = clockHour(h2, m2, ap2, w2);
    if (!a || !b) continue;
    const before = text.slice(0, m.index ?? 0);
    const named = before.match(PART_BEFORE);
    const part = (named?.[1] ?? named?.[2])?.toLowerCase();
    if (!a.marked && !b.marked && !utc && !part) continue;
    // "6-9pm": the first end takes the second's half of the day ("11-1pm": the other half); "10pm-2": likewise.
    const halfA =
      a.half ??
      (b.half ? (a.hour <= b.hour || a.hour === 12 ? b.half : b.half === "am" ? "pm" : "am") : null);
    const halfB =
      b.half ?? (a.half && !b.marked ? (b.hour >= a.hour ? a.half : a.half === "am" ? "pm" : "am") : null);
    const from = halfA ? twelve(a.hour, halfA) : a.hour;
    let to = halfB ? twelve(b.hour, halfB) : b.hour;
    if (b.minutes > 0) to += 1;
    if (w2 && /midnight/i.test(w2)) to = 24;
    const span = to === from ? 0 : (to - from + 24) % 24 || 24;
    if (from > 23 || span === 0 || span >= 24) continue;
    const label = `${clockText(from)}-${to === 24 ? "24:00" : clockText(to)}`;
    spans.push({
      from,
      to: to === 24 ? 24 : to % 24,
      label,
      ...(part ? { part } : {}),
      at: m.index ?? 0,
      phrase: (phrase ?? "").trim(),
      widened: a.minutes > 0 || b.minutes > 0,
      bounded: cue !== undefined,
    });
  }
  for (const m of text.matchAll(HOUR_OPEN)) {
    const [phrase, cue, h, mm, ap, word] = m as unknown as (string | undefined)[];
    const at = clockHour(h, mm, ap, word);
    // (Only a clock written as one: "after 10pm", "before 9:00", not "after 2023".)
    if (!at?.marked || spans.some((s) => (m.index ?? 0) >= s.at && (m.index ?? 0) < s.at + s.phrase.length))
      continue;
    const hour = at.half ? twelve(at.hour, at.half) : at.hour;
    const late = /^(after|past|later than)$/i.test(cue ?? "");
    // ("After 10:30pm": from the next whole hour; "before 9:30": through 9.)
    // ("Posted after midnight": the small hours, as "night" reads them, not the whole day.)
    const [from, to] = late
      ? [hour + (at.minutes > 0 ? 1 : 0), hour === 0 && at.minutes === 0 ? (DAY_PARTS.night?.[1] ?? 6) : 24]
      : [0, hour + (at.minutes > 0 ? 1 : 0)];
    if (from >= to || from > 23) continue;
    spans.push({
      from,
      to,
      label: `${clockText(from)}-${to === 24 ? "24:00" : clockText(to)}`,
      at: m.index ?? 0,
      phrase: (phrase ?? "").trim(),
      widened: at.minutes > 0,
      bounded: true,
    });
  }
  for (const m of text.matchAll(HOUR_AT)) {
    const [phrase, h, mm, ap, word] = m as unknown as (string | undefined)[];
    const at = clockHour(h, mm, ap, word);
    // (A clock written as one, "at 8pm", "at 20:00", "at midnight"; not "at 8 hotels".)
    if (
      !at?.marked ||
      spans.some((s) => (m.index ?? 0) < s.at + s.phrase.length && s.at < (m.index ?? 0) + m[0].length)
    )
      continue;
    const from = at.half ? twelve(at.hour, at.half) : at.hour % 24;
    spans.push({
      from,
      to: from + 1,
      label: `${clockText(from)}-${from + 1 === 24 ? "24:00" : clockText(from + 1)}`,
      at: (m.index ?? 0) + (phrase ?? "").toLowerCase().lastIndexOf("at "),
      phrase: (phrase ?? "").slice((phrase ?? "").toLowerCase().lastIndexOf("at ")).trim(),
      widened: at.minutes > 0,
      bounded: false,
    });
  }
  for (const m of text.matchAll(DAY_PART_RE)) {
    const word = (m[1] ?? m[2] ?? "").toLowerCase();
    const hours = DAY_PARTS[word];
    // (A part of the day naming a range written after it is that range's name.)
    if (!hours || spans.some((s) => s.part === word)) continue;
    // (Nor is one a range follows closely: "afternoon posts (14:00-17:00)".)
    const end = (m.index ?? 0) + m[0].length;
    if (spans.some((s) => s.at >= (m.index ?? 0) && s.at <= end + 3)) continue;
    spans.push(partSpan(word, hours, m.index ?? 0, m[0]));
  }
  // ("Posted at night (after 9pm) vs in the morning": a part of the day set against a span read before it.)
  for (const m of text.matchAll(DAY_PART_VS)) {
    const word = (m[1] ?? "").toLowerCase();
    const hours = DAY_PARTS[word];
    const at = (m.index ?? 0) + m[0].toLowerCase().lastIndexOf(word);
    if (
      !hours ||
      !spans.some((s) => s.at < (m.index ?? 0)) ||
      spans.some((s) => s.part === word || s.at === at)
    )
      continue;
    spans.push(partSpan(word, hours, at, word));
  }
  // ("Do morning or evening posts get more views?", "what time of day do hotels post, morning or night?": two parts
  // of the day set side by side in a question about posting are each a span.)
  if (/\b(?:post|posts|posted|posting|upload\w*|publish\w*|time of (?:the )?day)\b/.test(text))
    for (const m of text.matchAll(DAY_PART_PAIR))
      for (const word of [m[1], m[2]].map((w) => (w ?? "").toLowerCase())) {
        const hours = DAY_PARTS[word];
        if (!hours || spans.some((s) => s.part === word)) continue;
        spans.push(partSpan(word, hours, (m.index ?? 0) + m[0].toLowerCase().indexOf(word), word));
      }
  return spans.sort((x, y) => x.at - y.at);
}

/** The span of hours a part of the day names ("evening": 18:00-24:00), written at `at` as `phrase`. */
const partSpan = (part: string, [from, to]: [number, number], at: number, phrase: string): HourSpan => ({
  from,
  to,
  label: `${clockText(from)}-${to === 24 ? "24:00" : clockText(to)}`,
  part,
  at,
  phrase,
  widened: false,
  bounded: true,
});

/** The hours of a span, shifted from a clock `offset` hours ahead of UTC to UTC. */
export function utcHours(span: Pick<HourSpan, "from" | "to">, offset: number): number[] {
  const length = (span.to - span.from + 24) % 24 || 24;
  return Array.from({ length }, (_, i) => (((span.from + i - offset) % 24) + 24) % 24);
}

/** Words the local engine reads as places, languages, measures and flags rather than as topic words. */

export const REGION_NAMES: Record<string, string> = {
  "united states": "US",
  usa: "US",
  america: "US",
  american: "US",
  "united kingdom": "GB",
  uk: "GB",
  britain: "GB",
  british: "GB",
  brazil: "BR",
  brazilian: "BR",
  mexico: "MX",
  spain: "ES",
  france: "FR",
  germany: "DE",
  indonesia: "ID",
  vietnam: "VN",
  japan: "JP",
  korea: "KR",
  "south korea": "KR",
  thailand: "TH",
  turkey: "TR",
  "saudi arabia": "SA",
  uae: "AE",
  canada: "CA",
  australia: "AU",
  philippines: "PH",
  india: "IN",
  italy: "IT",
  argentina: "AR",
  colombia: "CO",
  egypt: "EG",
  malaysia: "MY",
};

export const LANGUAGE_NAMES: Record<string, string> = {
  english: "en",
  spanish: "es",
  portuguese: "pt",
  french: "fr",
  german: "de",
  indonesian: "id",
  vietnamese: "vi",
  japanese: "ja",
  korean: "ko",
  thai: "th",
  turkish: "tr",
  arabic: "ar",
  italian: "it",
};

export type Metric = "plays" | "likes" | "comments" | "shares" | "saves" | "engagement";

export const METRIC_WORDS: Record<string, Metric> = {
  views: "plays",
  view: "plays",
  viewed: "plays",
  plays: "plays",
  played: "plays",
  likes: "likes",
  liked: "likes",
  comments: "comments",
  commented: "comments",
  shares: "shares",
  shared: "shares",
  reposts: "shares",
  saves: "saves",
  saved: "saves",
  engagement: "engagement",
  engaging: "engagement",
};

/** Words that carry the question's shape, not its subject. */
export const STOPWORDS = new Set(
  `a an the and or of in on at to for from by with about into over under than then that this these those
  what which who whom whose when where why how is are was were be been being do does did done have has had
  having it its it's their there they them we our us you your i me my mine most more least less many much
  any some all each every per vs versus between among compare compared comparison against show tell give
  find list top best biggest largest highest lowest worst leading dominate dominates dominated dominating
  common commonest popular performing perform performed performs run ran running runs post posted posting
  make made get got number count share shares percentage percent fraction proportion ratio rate median
  typical average mean how's whats what's last past recent recently days day week weeks month months hour
  hours today yesterday year years quarter early breakout breakouts broke out breaking viral go went gone
  hook hooks hooked pattern patterns type types style styles opening openings opener video videos clip
  clips content creative creatives post posts slideshow slideshows carousel carousels photo photos ad ads
  advert adverts advertisement advertisements sponsored promoted organic advertiser advertisers brand
  brands creator creators influencer influencers account accounts handle handles channel hashtag hashtags
  tag tags region regions country countries market markets language languages growth grew grow growing
  gained gain fastest faster fast increase increased rising rise rose trend trends trending having used
  use uses using engagement engaging views view viewed plays played likes liked comments commented
  reposts saves saved overall total much did do can could should would will space niche category
  within during across since so as also only just very really please ok okay vs. up down one two three
  four five ten twenty thirty seven fourteen 7 14 30 90 24 72 48 be about get non`.split(/\s+/),
);

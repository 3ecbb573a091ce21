import { DAY, HOUR } from "../../shared/clock.js";
import type { StatsInput, VideoInput } from "../../store/sqlite/corpus-writer.js";
import type { AdvertiserPlan, CreatorPlan } from "./entities.js";
import { HOOK_PATTERNS, HOOK_TEMPLATES, PLAIN_OPENERS } from "./hook-templates.js";
import { LANGUAGE_TEXT, type Language } from "./languages.js";
import type { SeededRandom } from "./random.js";
import type { SoundPool } from "./sounds.js";
import { COMMON_TAGS, TOPICS, type Topic } from "./topics.js";

/** Snapshot checkpoints after creation; scrapers miss some, so each is kept with a probability. */
const CHECKPOINTS = [3 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 60 * DAY];
const PLATFORM_AD_EVIDENCE = ["isAd", "isSponsored", "paid partnership label", "commerce info (shop anchor)"];

export interface GeneratedVideo {
  video: VideoInput;
  snapshots: StatsInput[];
}

export interface VideoContext {
  now: number;
  sounds: SoundPool;
  usedIds: Set<string>;
}

function fill(template: string, topic: string, n: number): string {
  return template.replace("{x}", topic).replace("{n}", String(n));
}

function awemeId(r: SeededRandom, createdAt: number, used: Set<string>): string {
  // Real aweme ids carry the creation second in their high 32 bits.
  for (;;) {
    const id = ((BigInt(createdAt) << 32n) | BigInt(r.uint32())).toString();
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/** Rises linearly from 0 two weeks before `now` to 1 at `now`: how far into a recent trend a post sits. */
function recentRamp(createdAt: number, now: number): number {
  return Math.max(0, 1 - (now - createdAt) / (14 * DAY));
}

/** Hook patterns catching on lately, so hook-pattern trend reports have a real signal. */
const RISING_PATTERNS = ["secret", "pov"] as const;

function openingLine(r: SeededRandom, language: Language, topic: Topic, ramp: number): string | null {
  const roll = r.next();
  if (roll < 0.2) return null;
  if (roll < 0.35) return r.pick(PLAIN_OPENERS[language]);
  const pattern = r.chance(ramp * 0.3) ? r.pick(RISING_PATTERNS) : r.pick(HOOK_PATTERNS);
  return fill(r.pick(HOOK_TEMPLATES[language][pattern]), topic.noun[language], r.int(3, 10));
}

function adCopy(
  r: SeededRandom,
  language: Language,
  advertiser: AdvertiserPlan | null,
): { text: string[]; tags: string[] } {
  const words = LANGUAGE_TEXT[language];
  const text: string[] = [];
  const tags: string[] = [];
  if (r.chance(0.15)) return { text, tags }; // some ads carry no visible signal at all
  const brand = advertiser?.name ?? "our partner";
  if (r.chance(0.6)) tags.push(r.pick(words.disclosureTags));
  if (r.chance(0.25)) text.push(words.paidPartnership.replace("{b}", brand));
  if (advertiser?.focus === "apps") {
    if (r.chance(0.7)) text.push(words.appCta);
  } else if (advertiser) {
    if (r.chance(0.5)) text.push(words.shopCta.replace("{d}", advertiser.domain));
    if (r.chance(0.45))
      text.push(
        words.promo.replace("{c}", advertiser.promoCode).replace("{p}", String(r.pick([10, 15, 20, 25, 30]))),
      );
  }
  if (advertiser && r.chance(0.7)) tags.push(advertiser.brandTag);
  return { text, tags };
}

function snapshotTimes(r: SeededRandom, createdAt: number, now: number): number[] {
  const age = now - createdAt;
  const young = age < 3 * DAY;
  const times: number[] = [];
  for (const offset of CHECKPOINTS) {
    if (offset >= age - HOUR) break;
    const keep = young ? 1 : offset < DAY ? 0.3 : 0.85;
    if (!r.chance(keep)) continue;
    const jitter = Math.floor((r.next() - 0.5) * 0.1 * offset);
    times.push(Math.min(now - HOUR, createdAt + offset + jitter));
  }
  if (times.length === 0 && age > 2 * HOUR) times.push(createdAt + Math.floor(age / 2));
  times.push(now);
  return times;
}

/**
 * Growth over time as a fraction of the video's eventual plays: ordinary videos saturate within days;
 * breakouts bloom later along a logistic curve; early breakouts keep climbing fast while young.
 */
function growthCurve(r: SeededRandom, kind: "ordinary" | "breakout" | "early"): (t: number) => number {
  if (kind === "breakout") {
    const t0 = (0.3 + r.next() * 20) * DAY;
    const s = t0 / 4 + 0.3 * DAY;
    const l0 = 1 / (1 + Math.exp(t0 / s));
    return (t) => (1 / (1 + Math.exp(-(t - t0) / s)) - l0) / (1 - l0);
  }
  const tau = kind === "early" ? (2 + r.next() * 4) * DAY : r.logNormal(1.2 * DAY, 0.4);
  return (t) => 1 - Math.exp(-t / tau);
}

/** When a creator's next video is posted: between their first sighting and a quarter-hour before now. */
export function postingTime(r: SeededRandom, creator: CreatorPlan, now: number): number {
  const earliest = Math.min(creator.firstSeen, now - 2 * HOUR);
  return earliest + Math.floor(r.next() * (now - 15 * 60 - earliest));
}

/** One video of `creator`, posted at `createdAt`, with its sparse stat history. */
export function generateVideo(
  r: SeededRandom,
  ctx: VideoContext,
  creator: CreatorPlan,
  createdAt: number,
): GeneratedVideo {
  const { now } = ctx;
  const language: Language = creator.language !== "en" && r.chance(0.1) ? "en" : creator.language;
  const topic = r.chance(0.8) ? creator.topic : r.pick(TOPICS);
  const words = LANGUAGE_TEXT[language];
  const noun = topic.noun[language];
  const slideshow = r.chance(0.15);

  const advertisers = creator.partners.filter((a) => a.firstSeen <= createdAt);
  const isAd = advertisers.length > 0 && r.chance(creator.adShare);
  // A few ads reach us without a known advertiser (unattributed noise).
  const advertiser = isAd && r.chance(0.92) ? r.pick(advertisers) : null;

  const ramp = recentRamp(createdAt, now);
  const hookText = openingLine(r, language, topic, ramp);
  const tags = new Set<string>();
  const tagCount = r.int(1, 4);
  for (let i = 0; i < tagCount; i++) tags.add(r.pick(topic.tags));
  if (r.chance(0.02 + 0.45 * ramp)) tags.add(topic.risingTag);
  for (const common of COMMON_TAGS) if (r.chance(common.share)) tags.add(common.tag);
  if (r.chance(0.3)) tags.add(r.pick(words.localTags));

  const captionParts: string[] = [];
  if (hookText && r.chance(0.4)) captionParts.push(hookText);
  captionParts.push(fill(r.pick(words.captions), noun, 0));
  const ad = isAd ? adCopy(r, language, advertiser) : { text: [], tags: [] };
  captionParts.push(...ad.text);
  for (const t of ad.tags) tags.add(t);
  if (!isAd && r.chance(0.04)) captionParts.push(words.organicLink);
  if (!isAd && creator.partners.length > 0 && r.chance(0.05))
    tags.add((creator.partners[0] as AdvertiserPlan).brandTag);
  const hashtags = [...tags];
  const caption = `${captionParts.join(" ")} ${hashtags.map((t) => `#${t}`).join(" ")}`;

  let transcript: string | null = null;
  if (!slideshow && r.chance(0.35)) {
    const lines = [hookText ?? "", ...words.transcript.map((line) => fill(line, noun, 0))];
    if (isAd && advertiser)
      lines.push(
        advertiser.focus === "apps"
          ? words.appCta
          : words.promo.replace("{c}", advertiser.promoCode).replace("{p}", "20"),
      );
    transcript = lines.filter((line) => line.length > 0).join(". ");
  }

  const sound = r.chance(0.2) ? null : ctx.sounds.pick(r, createdAt);
  const platformKnown = r.chance(0.45);
  const id = awemeId(r, createdAt, ctx.usedIds);
  const video: VideoInput = {
    id,
    caption,
    hookText,
    transcript,
    createdAt,
    mediaType: slideshow ? "slideshow" : "video",
    region: creator.region,
    language,
    durationS: slideshow ? r.int(3, 10) * 3 : Math.min(600, Math.max(5, Math.round(r.logNormal(28, 0.6)))),
    musicId: sound ? sound.id : `${id.slice(0, 12)}0000000`,
    musicTitle: sound ? sound.title : `original sound - ${creator.handle}`,
    musicAuthor: sound ? sound.author : creator.nickname,
    hashtags,
    authorUid: creator.uid,
    advertiserId: advertiser?.id ?? null,
    platformAd: platformKnown ? isAd : null,
    platformAdEvidence: platformKnown ? (isAd ? r.pick(PLATFORM_AD_EVIDENCE) : "isAd=false") : null,
    url: `https://www.tiktok.com/@${creator.handle}/video/${id}`,
    source: "generator",
  };
  return { video, snapshots: statHistory(r, creator, createdAt, now) };
}

function statHistory(r: SeededRandom, creator: CreatorPlan, createdAt: number, now: number): StatsInput[] {
  const age = now - createdAt;
  let kind: "ordinary" | "breakout" | "early" = "ordinary";
  let eventual = creator.basePlays * r.logNormal(1, 0.5);
  if (age < 3 * DAY && r.chance(0.12)) {
    kind = "early";
    eventual *= 6 + r.next() * 30;
  } else if (r.chance(0.035)) {
    kind = "breakout";
    eventual *= Math.min(200, 4 + r.pareto(1, 1.1) * 3);
  }
  const curve = growthCurve(r, kind);
  const likeRate = Math.min(0.4, r.logNormal(0.07, 0.4));
  const commentRate = r.logNormal(0.015, 0.5);
  const shareRate = r.logNormal(0.004, 0.6) * (kind === "ordinary" ? 1 : 1.8);
  const saveRate = r.logNormal(0.005, 0.6);
  return snapshotTimes(r, createdAt, now).map((at) => {
    const plays = Math.floor(eventual * Math.max(0, curve(at - createdAt)));
    const likes = Math.floor(plays * likeRate);
    return {
      observedAt: at,
      plays,
      likes,
      comments: Math.floor(likes * commentRate),
      shares: Math.floor(plays * shareRate),
      saves: Math.floor(plays * saveRate),
    };
  });
}

import { DAY } from "../../shared/clock.js";
import { addTo } from "../../shared/group-by.js";
import { LANGUAGE_TEXT, type Language, REGIONS } from "./languages.js";
import { type SeededRandom, WeightedPicker } from "./random.js";
import { TOPICS, type Topic } from "./topics.js";

export const HISTORY_DAYS = 90;

export interface AdvertiserPlan {
  id: string;
  name: string;
  handle: string;
  domain: string;
  focus: "apps" | "dtc" | "other";
  industry: string;
  topic: Topic;
  firstSeen: number;
  /** The brand hashtag its ads (and some fans) use. */
  brandTag: string;
  promoCode: string;
}

export interface CreatorPlan {
  uid: string;
  handle: string;
  /** Set for the ~5 % renamed once: the handle used before `renamedAt`. */
  formerHandle: string | null;
  renamedAt: number | null;
  nickname: string;
  followers: number;
  verified: boolean;
  region: string;
  language: Language;
  topic: Topic;
  /** Typical plays of this creator's ordinary videos (their baseline). */
  basePlays: number;
  firstSeen: number;
  videoCount: number;
  /** Advertisers this creator makes ads for, and the share of their videos that are ads. */
  partners: AdvertiserPlan[];
  adShare: number;
  house: AdvertiserPlan | null;
}

const BRAND_HEADS = ["Lum", "Glo", "Nova", "Zen", "Pix", "Brav", "Kai", "Vel", "Mori", "Sol", "Tera", "Ora"];
const BRAND_TAILS = ["ora", "ly", "ify", "io", "wise", "hub", "base", "nest", "mint", "leaf", "wave", "kit"];
const DOMAIN_ENDINGS = { apps: ".app", dtc: ".com", other: ".co" } as const;

/** ~150 advertisers at 20 000 videos, growing with the square root of the corpus. */
export function advertiserCount(videos: number): number {
  return Math.max(6, Math.round(150 * Math.sqrt(videos / 20_000)));
}

export function creatorCount(videos: number): number {
  return Math.max(5, Math.round(videos / 10));
}

export function planAdvertisers(r: SeededRandom, count: number, now: number): AdvertiserPlan[] {
  const windowStart = now - HISTORY_DAYS * DAY;
  const used = new Set<string>();
  const plans: AdvertiserPlan[] = [];
  for (let i = 0; i < count; i++) {
    const topic = r.pick(TOPICS);
    const roll = r.next();
    const focus = roll < 0.4 ? "apps" : roll < 0.85 ? "dtc" : "other";
    let base = r.pick(BRAND_HEADS) + r.pick(BRAND_TAILS);
    if (r.chance(0.5) || used.has(base.toLowerCase())) base += ` ${topic.brandWord}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    used.add(name.toLowerCase());
    const slug = name.toLowerCase().replace(/[^a-z0-9]/g, "");
    const industry =
      focus === "apps"
        ? topic.key === "gaming"
          ? "Games"
          : "Apps"
        : focus === "dtc"
          ? topic.dtcIndustry
          : topic.otherIndustry;
    plans.push({
      id: r.uuid(),
      name: focus === "apps" && r.chance(0.4) ? `${name} App` : name,
      handle: `${slug}${r.pick(["", "official", "app", "hq", "_global"])}`,
      domain: `${slug}${DOMAIN_ENDINGS[focus]}`,
      focus,
      industry,
      topic,
      // Most advertisers predate the window; a quarter appear inside it (the `new` view).
      firstSeen: r.chance(0.75)
        ? windowStart - r.int(0, 60) * DAY
        : windowStart + r.int(0, HISTORY_DAYS * DAY),
      brandTag: slug,
      promoCode: `${slug.slice(0, 5).toUpperCase()}${r.int(10, 40)}`,
    });
  }
  return plans;
}

export function planCreators(
  r: SeededRandom,
  count: number,
  videos: number,
  advertisers: AdvertiserPlan[],
  now: number,
): CreatorPlan[] {
  const windowStart = now - HISTORY_DAYS * DAY;
  const regionPicker = new WeightedPicker(
    REGIONS,
    REGIONS.map((reg) => reg.weight),
  );
  const byTopic = new Map<string, AdvertiserPlan[]>();
  for (const a of advertisers) addTo(byTopic, a.topic.key, a);
  const usedHandles = new Set<string>();
  const usedUids = new Set<string>();
  const uniqueHandle = (stem: string): string => {
    let handle = stem;
    while (usedHandles.has(handle)) handle = `${stem}${r.int(1, 999)}`;
    usedHandles.add(handle);
    return handle;
  };

  const creators: CreatorPlan[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    let uid = r.digits(19, r.chance(0.4) ? "6" : "7");
    while (usedUids.has(uid)) uid = r.digits(19, "7");
    usedUids.add(uid);
    const region = regionPicker.pick(r);
    const topic = r.pick(TOPICS);
    const text = LANGUAGE_TEXT[region.language];
    const first = r.pick(text.names);
    const handle = uniqueHandle(
      `${first}${r.pick([".", "_", ""])}${topic.key}${r.chance(0.5) ? r.int(1, 99) : ""}`,
    );
    const followers = Math.min(80_000_000, Math.round(r.pareto(600, 0.85)));
    const renamed = r.chance(0.05);
    const firstSeen = r.chance(0.6)
      ? windowStart + r.int(0, DAY)
      : windowStart + r.int(0, HISTORY_DAYS * DAY);
    creators.push({
      uid,
      handle: renamed ? uniqueHandle(`${first}${r.pick(["the", "its", "real"])}${topic.key}`) : handle,
      formerHandle: renamed ? handle : null,
      renamedAt: renamed ? firstSeen + Math.floor(r.next() * (now - firstSeen)) : null,
      nickname: `${first.charAt(0).toUpperCase()}${first.slice(1)} | ${topic.noun[region.language]}`,
      followers,
      verified: followers > 1_000_000 ? r.chance(0.6) : r.chance(0.005),
      region: region.code,
      language: region.language,
      topic,
      basePlays: Math.max(150, followers * 0.3 * r.logNormal(1, 0.5)),
      firstSeen,
      videoCount: 1,
      partners: [],
      adShare: 0,
      house: null,
    });
    weights.push(Math.min(80, r.pareto(1, 1.2)));
  }

  // Every creator posts at least once; the rest of the videos follow a heavy-tailed activity weight.
  const activity = new WeightedPicker(creators, weights);
  for (let i = creators.length; i < videos; i++) activity.pick(r).videoCount++;

  // Creators who make ads: a third of them, with one to three partners, mostly from their own niche.
  for (const c of creators) {
    if (!r.chance(0.35) || advertisers.length === 0) continue;
    const partnerCount = r.int(1, 3);
    for (let k = 0; k < partnerCount; k++) {
      const local = byTopic.get(c.topic.key);
      const partner = local && r.chance(0.7) ? r.pick(local) : r.pick(advertisers);
      if (!c.partners.includes(partner)) c.partners.push(partner);
    }
    c.adShare = 0.35 + r.next() * 0.45;
  }

  // House accounts: about a third of advertisers own one creator account that mostly posts their ads.
  for (const a of advertisers) {
    if (!r.chance(0.3)) continue;
    const c = creators[r.int(0, creators.length - 1)] as CreatorPlan;
    if (c.house) continue;
    c.house = a;
    c.partners = [a];
    c.adShare = 0.8;
    c.firstSeen = Math.max(c.firstSeen, a.firstSeen);
    if (c.renamedAt !== null && c.renamedAt < c.firstSeen)
      c.renamedAt = c.firstSeen + Math.floor((now - c.firstSeen) / 2);
  }
  return creators;
}

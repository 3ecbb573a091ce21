import { type AdTextInput, textDisclosure, textSignals } from "./ad.js";
import { confidence, type LabelVerdict } from "./verdict.js";

/**
 * Two observations about commerce, kept apart on purpose:
 *
 * - `ad` (model `ad-signals-v1` when the platform gave no flag): is this video a PAID PLACEMENT? On real
 *   data paid placements rarely say so in their text; what tells them apart is the account behind them and
 *   how the video travelled. The model adds log-likelihood ratios for account-level and history signals and
 *   for a text disclosure to a prior.
 * - `branded` (model `branded-text-v1`): does the TEXT show commercial intent — promo codes, disclosure
 *   tags in the corpus languages, shop/booking/contact calls to action, discounts, shop links? A creator's
 *   own hotel review with "đặt phòng: 0909…" is branded and usually not a paid placement; a boosted hotel
 *   video with four hashtags is a paid placement and not branded.
 *
 * The weights are priors chosen from how the platform works (below), stated as likelihood ratios (LR) so
 * a reader can check them by hand, and NOT fitted to any labelled file: `npm run eval:labels` measures them
 * against the platform flags of a real export, which is the test set. Probabilities are the logistic of
 * the summed log-odds; confidence is the probability of the verdict given.
 */
export const AD_SIGNALS_MODEL = "ad-signals-v1";
export const BRANDED_MODEL = "branded-text-v1";

/** What the `ad` model knows about the author, from `creators` and `creator_accounts`. */
export interface AuthorSignals {
  followers: number | null;
  verified: boolean;
  business: boolean | null;
  seller: boolean | null;
  bioLink: string | null;
}

/** The platform flags of the author's OTHER videos (leave-one-out: never the video being labelled). */
export interface AuthorHistory {
  /** Other videos of the author the platform flagged as ads. */
  flagged: number;
  /** Other videos of the author with a platform flag either way. */
  known: number;
}

export interface AdSignalsInput {
  text: AdTextInput;
  author: AuthorSignals | null;
  plays: number;
  /** null: not used (the "without history" figures of eval:labels). */
  history: AuthorHistory | null;
}

const ln = Math.log;

/**
 * The priors, as likelihood ratios P(signal | paid) / P(signal | organic):
 * - PRIOR: a scrape of search or hashtag results is mostly organic; paid placements are a few percent of
 *   a feed. 2 % → log-odds −3.9.
 * - business account ×3: running ads needs an ads account and most boosted posts come from business
 *   accounts, while most posters are personal accounts. TikTok Shop seller ×1.5 on top (overlaps business).
 * - bio link ×2: a clickable bio link is given to business accounts (and large creators): the destination
 *   an ad drives traffic to. Verified ×1.5: brands and agencies are verified more often than posters.
 * - reach: paid delivery buys impressions beyond the follower base. plays ≥ 10× followers ×2, ≥ 100× ×4;
 *   fewer plays than followers ×0.7 (organic-looking distribution).
 * - history (leave-one-out): an author who paid to place another video is likely to do it again. One
 *   other flagged video ×5; at least two and half of the author's flagged-either-way videos ×10; three or
 *   more known and none flagged ×0.5.
 * - a disclosure tag or phrase ×100: the author states the content is paid. Perhaps a quarter of paid
 *   placements disclose in text (the platform's own label replaces it), while a fraction of a percent of
 *   organic posts carry #ad/#sponsored-style tags (0.25 / 0.0025);
 *   other commercial text (branded without disclosure) ×1.5; attributed to a known advertiser ×10.
 */
export const AD_PRIORS = {
  prior: ln(0.02 / 0.98),
  business: ln(3),
  seller: ln(1.5),
  bioLink: ln(2),
  verified: ln(1.5),
  reach10: ln(2),
  reach100: ln(4),
  reachBelowFollowers: ln(0.7),
  historyOne: ln(5),
  historyMost: ln(10),
  historyNone: ln(0.5),
  disclosure: ln(100),
  branded: ln(1.5),
  advertiser: ln(10),
} as const;

export interface AdProbability {
  p: number;
  evidence: string[];
}

/** The `ad` model's probability that the video is a paid placement, with the signals it used. */
export function adProbability(input: AdSignalsInput): AdProbability {
  const w = AD_PRIORS;
  let score = w.prior;
  const evidence: string[] = [];
  const add = (weight: number, why: string) => {
    score += weight;
    evidence.push(why);
  };
  const a = input.author;
  if (a) {
    if (a.business === true) add(w.business, "business account");
    if (a.seller === true) add(w.seller, "shop seller");
    if (a.bioLink) add(w.bioLink, "bio link");
    if (a.verified) add(w.verified, "verified");
    if (a.followers !== null && a.followers > 0) {
      const reach = input.plays / a.followers;
      if (reach >= 100) add(w.reach100, `plays ${Math.round(reach)}× followers`);
      else if (reach >= 10) add(w.reach10, `plays ${Math.round(reach)}× followers`);
      else if (reach < 1) add(w.reachBelowFollowers, "plays below followers");
    }
  }
  const h = input.history;
  if (h) {
    if (h.flagged >= 2 && h.flagged * 2 >= h.known) add(w.historyMost, `${h.flagged} other flagged ads`);
    else if (h.flagged >= 1) add(w.historyOne, `${h.flagged} other flagged ad${h.flagged > 1 ? "s" : ""}`);
    else if (h.known >= 3) add(w.historyNone, `none of ${h.known} other videos flagged`);
  }
  const disclosure = textDisclosure(input.text);
  if (disclosure) add(w.disclosure, disclosure);
  else if (classifyBranded(input.text).value === "yes") add(w.branded, "commercial text");
  if (input.text.advertiserAttributed) add(w.advertiser, "attributed to an advertiser");
  return { p: 1 / (1 + Math.exp(-score)), evidence };
}

/** The `ad` verdict of the signals model: "yes" from probability 0.5. */
export function classifyAdSignals(input: AdSignalsInput): LabelVerdict {
  const { p, evidence } = adProbability(input);
  const isAd = p >= 0.5;
  return {
    value: isAd ? "yes" : "no",
    confidence: confidence(isAd ? p : 1 - p),
    evidence: `p(paid)=${p.toFixed(3)}: ${evidence.length > 0 ? evidence.join("; ") : "no account, reach, history or disclosure signal"}`,
  };
}

/**
 * How often each text signal really means commercial intent (a rule's reliability, chosen a priori): a
 * disclosure or promo code almost always does; a phone number or "link in bio" sometimes belongs to a
 * personal account.
 */
export const BRANDED_RELIABILITY: Readonly<Record<string, number>> = {
  "disclosure tag": 0.95,
  "disclosure phrase": 0.95,
  "promo code": 0.9,
  "purchase call to action": 0.85,
  "app install call to action": 0.85,
  "contact or booking prompt": 0.8,
  discount: 0.75,
  "shop or web link": 0.75,
  "link in bio": 0.6,
};
/** Confidence of "no" when the text shows no commercial signal (intent can hide in the video itself). */
const BRANDED_NONE = 0.9;

/**
 * `branded`: commercial intent in the TEXT — disclosure tags and phrases in the corpus languages, promo
 * codes, purchase/app/booking/contact calls to action, discounts, shop links, "link in bio". "yes" when any
 * is found; confidence 1 − Π(1 − reliability) over the signals found (independent rules, any one suffices).
 */
export function classifyBranded(text: AdTextInput): LabelVerdict {
  const found = textSignals(text);
  if (found.length === 0)
    return {
      value: "no",
      confidence: BRANDED_NONE,
      evidence: "no disclosure, promo code, call to action or shop link",
    };
  let miss = 1;
  for (const s of found) miss *= 1 - (BRANDED_RELIABILITY[s.name] ?? 0.5);
  return {
    value: "yes",
    confidence: confidence(1 - miss),
    evidence: found.map((s) => s.evidence).join("; "),
  };
}

/**
 * The prices a video's text states, as written and as an amount: "350k/đêm" is 350,000 đồng a night, "1.686.000đ"
 * 1,686,000, "2 triệu" and "2 củ" 2,000,000, "1tr5" and "1,5 triệu" 1,500,000, "2 củ mốt" 2,100,000, "450 xu"
 * 450,000. Found where PRICE_PATTERN finds one (the rule both stores test), then read outwards from there: the figure
 * before the unit, and what the price is for after a slash ("/đêm", "/2h", "/người") or in words ("một đêm", "a
 * night"). A figure in another currency ("$10", "20 USD") is kept as written with no amount in đồng.
 */
import { PRICE_PATTERN } from "../../store/facts.js";

export interface QuotedPrice {
  /** As written: "350k/đêm", "2 củ mốt một đêm". */
  said: string;
  /** In đồng; null for another currency, a figure masked ("3xx.000đ") or one outside LEAST to MOST. */
  vnd: number | null;
  /** Said to be for a night ("/đêm", "một đêm", "per night"). */
  night: boolean;
  /** Said to be for some hours ("/2h", "/giờ"): a short stay's price, not a night's. */
  hours: boolean;
}

const FOUND = new RegExp(PRICE_PATTERN, "g");
/** The figure and its unit at the end of the text before (and into) a match. */
const FIGURE =
  /((?:[$₫€£] ?)?[0-9]+(?:[.,][0-9]+)*) ?(k|tr|triệu|trieu|củ|đ|vnd|vnđ|đồng|usd|xu|nghìn|nghin|ngàn|\$|₫|€|£)?([0-9])?$/iu;
/** What follows a figure: a slash and what it is for, or how many nights in words; slang tenths ("2 củ mốt"). */
const AFTER =
  /^(?: (mốt|rưỡi|rưởi|[1-9](?![0-9])))?((?: ?\/ ?[^\s/#,;!?()]{1,12})*)(?: ?(?:cho |per |a |\/ ?)?(?:một|1|mỗi|one|a|per)? ?(?:đêm|dem|night))?/iu;
const NIGHT = /đêm|dem|night/iu;
const HOURS = /\/\s?\d*\s?(?:h|hrs?|hours?|giờ|gio|tiếng|tieng)(?![\p{L}\p{N}])/iu;
const THOUSAND = /^(?:k|xu|nghìn|nghin|ngàn)$/iu;
const MILLION = /^(?:tr|triệu|trieu|củ)$/iu;
const DONG = /^(?:đ|vnd|vnđ|đồng|₫)$/iu;
const TENTHS: Record<string, number> = { mốt: 1, rưỡi: 5, rưởi: 5 };
/**
 * The amounts read as a price of a stay, a trip or a meal, in đồng: outside them a figure is no such price ("4K" of
 * a camera, "10đ" for a score, a transcript's run-together "200240 k").
 */
export const LEAST = 20_000;
export const MOST = 200_000_000;

/** "1.686.000" is one figure with thousands between dots; "1,5" and "1.5" a decimal; "3.5.0" (spelt apart) 350. */
function figureOf(written: string): number {
  const parts = written.split(/[.,]/);
  if (parts.length === 1) return Number(written);
  if (parts.length > 2 && parts.every((p) => p.length === 1)) return Number(parts.join(""));
  const grouped = parts.slice(1).every((p) => p.length === 3);
  return grouped ? Number(parts.join("")) : Number(`${parts.slice(0, -1).join("")}.${parts.at(-1)}`);
}

/** Every price `text` states, in the order written (one per figure). */
export function pricesQuoted(text: string): QuotedPrice[] {
  const out: QuotedPrice[] = [];
  for (const match of text.matchAll(FOUND)) {
    const end = (match.index ?? 0) + match[0].length;
    const before = text.slice(Math.max(0, end - 24), end);
    const figure = before.match(FIGURE);
    if (!figure) continue;
    const [whole, digits, unitWritten, joinedTenth] = figure as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    const sign = digits.match(/^[$₫€£]/)?.[0];
    const unit = (unitWritten ?? sign ?? "").toLowerCase();
    const after = text.slice(end).match(AFTER);
    const spokenTenth = after?.[1]?.toLowerCase();
    const tenth = joinedTenth ?? (MILLION.test(unit) && spokenTenth ? spokenTenth : undefined);
    const value = figureOf(digits.replace(/^[$₫€£] ?/, ""));
    const vnd = THOUSAND.test(unit)
      ? value * 1_000
      : MILLION.test(unit)
        ? (value + (tenth ? (TENTHS[tenth] ?? Number(tenth)) / 10 : 0)) * 1_000_000
        : DONG.test(unit)
          ? value
          : null;
    // (What follows, past a spoken tenth: the tenth said again only where it was read, "2 củ mốt".)
    const rest = after?.[0].slice(after[1] ? after[1].length + 1 : 0) ?? "";
    const tail = `${tenth && !joinedTenth ? ` ${spokenTenth}` : ""}${rest}`;
    const said = `${whole.trim()}${tail}`.replace(/\s+/g, " ").trim();
    // ("3xx.000vnđ": a figure masked before what is read, no amount.)
    const masked = /[\p{L}\p{N}]/u.test(text[end - whole.length - 1] ?? "");
    const read = vnd !== null && !masked && vnd >= LEAST && vnd <= MOST ? Math.round(vnd) : null;
    out.push({ said, vnd: read, night: NIGHT.test(tail), hours: HOURS.test(tail) });
  }
  return out;
}

/** "350,000 đồng": an amount as answers show it. */
export const dong = (vnd: number): string => `${vnd.toLocaleString("en-US")} đồng`;

/**
 * A bound on the amount of a price stated ("under 500k a night"), in đồng; `night`: only prices for a night count;
 * `hours`: only prices for some hours ("under 150k/2h").
 */
export type PriceBound = (
  | { op: "under" | "at most" | "over" | "at least"; value: number }
  | { op: "between"; value: number; to: number }
) & { night: boolean; hours?: true };

/** A price bound as a question says it, and where (in the text read). */
export interface PriceBoundSaid {
  at: number;
  said: string;
  /** Null for a bound in another currency ("under $30"): prices are read in đồng. */
  bound: PriceBound | null;
}

/** Units only money takes ("300.000đ", "500 VND", "2 củ"): a bound with one is a price's wherever it stands. */
const MONEY_UNIT = "đồng|dong|vnđ|vnd|đ|₫|củ";
/** Units a count may take too ("500k views", "1 triệu view"): a price's only beside a price's words. */
const SHARED_UNIT = "triệu|trieu|tr|nghìn|nghin|ngàn|ngan|k|m|mil|million|millions";
const AMOUNT = String.raw`\d+(?:[.,]\d+)*(?:\s?(?:${MONEY_UNIT}|${SHARED_UNIT})(?:\d(?!\d))?(?![\p{L}\p{N}]))?`;
const OPS: Record<string, "under" | "at most" | "over" | "at least" | "between"> = {};
for (const [op, words] of [
  ["under", "under|below|less than|cheaper than|lower than|beneath|<|dưới|duoi"],
  ["at most", "at most|up to|no more than|not more than|max|maximum|≤|<="],
  ["over", "over|above|more than|higher than|pricier than|>|trên|tren"],
  ["at least", "at least|from|starting at|starting from|min|minimum|≥|>="],
  ["between", "between|từ|tu"],
] as const)
  for (const word of words.split("|")) OPS[word] = op;
const OP_WORDS = Object.keys(OPS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/ /g, String.raw`\s+`))
  .join("|");
const NIGHT_SAID = String.raw`\s*(?:\/\s*(?:night|nite|đêm|dem)|(?:a|per|each|one|một|mot|1)\s+(?:night|nite|đêm|dem)|nightly)\b`;
const HOURS_SAID = String.raw`\s*(?:\/\s*\d*\s*(?:h|hrs?|hours?|giờ|gio)|(?:an|a|per|each|one|mỗi|1)\s+(?:hour|giờ|gio)|hourly|theo giờ)(?![\p{L}\p{N}])`;
/** "under 500k a night", "between 300k and 600k", "from 1tr to 2tr", "300-600k": an operator and one or two amounts. */
const BOUND_SAID = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?<op>${OP_WORDS})\s*(?<a>${AMOUNT})(?:\s*(?:-|–|—|to|and|đến|den|tới)\s*(?<b>${AMOUNT}))?|(?<a2>${AMOUNT})\s*(?:-|–|—|to)\s*(?<b2>${AMOUNT}))(?:(?<night>${NIGHT_SAID})|(?<hours>${HOURS_SAID}))?(?!\s*(?:views?|plays?|likes?|comments?|shares?|saves?|followers?|fans?|subscribers?|subs|lượt|videos?|vids|hashtags?|tags?|seconds?|secs?|minutes?|mins?|characters?|chars?|%|percent)\b)`,
  "giu",
);
/** Words of prices and stays before a bound said with a count's unit ("rooms under 500k", not "videos under 500k"). */
const PRICE_CONTEXT =
  /(?<![\p{L}\p{N}])(?:prices?|priced|pricing|costs?|costing|(?<!(?:engagement|like|share|save|comment|view|play|follow|growth|completion|watch|er)\s+)rates?|rooms?|stays?|budget|quotes?|quoted|quoting|charges?|charging|giá|gia|cheap\w*|affordable|hotels?|homestays?|resorts?|villas?|hostels?|motels?|accommodations?|nights?|bookings?|deals?|phòng|phong|khách sạn|khach san|nhà nghỉ|nha nghi)(?![\p{L}\p{N}])(?:\s+(?!(?:videos?|vids|posts?|clips?|ads?|content|creators?|accounts?|tiktoks?|followers?|fans?|subs|subscribers?|views?|plays?|likes?|comments?|shares?|saves?|engagement|median|average|avg|mean)(?![\p{L}\p{N}]))[\p{L}'-]+){0,4}[\s(]*$/iu;
/** What is priced (and said to be), just before a bound: "rooms under 500k", "quote prices under 500k", "giá dưới 1tr". */
const STAY_BEFORE =
  /(?<![\p{L}\p{N}])(?:(?:priced|costing|going\s+for)\s+(?:at\s+)?|(?:(?:(?:quot|stat|list|show|mention|giv|charg|advertis)\w*|with|has|have|having|where|whose)\s+)?(?:(?:an?|the|their|its|any)\s+)?(?:(?:budget|cheap|cheaper|affordable|room|nightly)\s+)?(?:rooms?|stays?|accommodations?|phòng|phong|prices?|rates?|costs?|giá|gia)\s+(?:that\s+)?(?:(?:is|are|was|were|starts?|starting)\s+)?(?:(?:costs?|costing|priced(?:\s+at)?|going\s+for|for|at)\s+)?)$/iu;
/** After a bound on a price, the other side of a comparison ("… compared to ones over 1 triệu"): a price's too. */
const OTHER_SIDE =
  /^[\s)]*(?:,\s*)?(?:[\p{L}]+\s+){0,4}?(?:vs\.?|versus|compared\s+(?:to|with)|against|or|and|than)\s+(?:(?:the\s+)?(?:[\p{L}]+\s+)?(?:ones?|those|videos?|vids|hotels?|rooms?|stays?|homestays?|resorts?)\s+)?(?:(?:that\s+)?(?:are|cost|costing|quot\w*|stat\w*|with|at)\s+)?[\s(]*$/iu;
/** A bound in another currency ("under $30 a night"): prices are read in đồng, so none is read. */
const FOREIGN_BOUND = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${OP_WORDS})\s*(?:[$€£]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s?(?:usd|dollars?|bucks|eur|euros?|€|£))(?![\p{L}\p{N}])(?:${NIGHT_SAID})?`,
  "giu",
);
const MONEY = new RegExp(String.raw`(?:${MONEY_UNIT})\d?$`, "iu");

/** An amount as written in a bound, in đồng ("500k" 500,000, "1tr5" 1,500,000); `unit` the other end's. */
function boundAmount(written: string, unit?: string): number | null {
  const m = written.match(/^(\d+(?:[.,]\d+)*)\s?([\p{L}₫]+)?(\d)?$/u);
  if (!m) return null;
  const [, digits, said, tenth] = m as unknown as [string, string, string | undefined, string | undefined];
  const scale = (said ?? unit ?? "").toLowerCase();
  const value = figureOf(digits) + (tenth ? Number(tenth) / 10 : 0);
  const vnd = /^(?:k|nghìn|nghin|ngàn|ngan)$/.test(scale)
    ? value * 1_000
    : /^(?:m|mil|millions?|tr|triệu|trieu|củ)$/.test(scale)
      ? value * 1_000_000
      : value;
  return vnd >= LEAST && vnd <= MOST ? Math.round(vnd) : null;
}

/**
 * The bounds on a price `text` says: "rooms under 500k a night", "prices between 300k and 600k", "dưới 1tr5", "over
 * 2 triệu". An amount in a unit only money takes is a price's anywhere; one in "k" or "m" only after words of prices
 * and stays ("hotels in Da Lat under 500k", not "hotel videos under 500k", which are views).
 */
export function priceBoundsSaid(text: string): PriceBoundSaid[] {
  const out: PriceBoundSaid[] = [];
  for (const m of text.matchAll(BOUND_SAID)) {
    const g = m.groups ?? {};
    const first = (g.a ?? g.a2) as string;
    const second = g.b ?? g.b2;
    const at = m.index ?? 0;
    const money = MONEY.test(first.trim()) || (second !== undefined && MONEY.test(second.trim()));
    const before = text.slice(Math.max(0, at - 60), at);
    const previous = out.at(-1);
    const otherSide =
      previous?.bound !== null &&
      previous !== undefined &&
      OTHER_SIDE.test(text.slice(previous.at + previous.said.length, at));
    if (!money && !g.night && !g.hours && !otherSide && !PRICE_CONTEXT.test(before)) continue;
    const opWord = g.op?.toLowerCase().replace(/\s+/g, " ");
    const op = opWord === undefined ? "between" : (OPS[opWord] ?? null);
    // ("Between 300 and 600k": the second's unit is the first's.)
    const unitOf = (s: string) =>
      s
        .trim()
        .match(/[\p{L}₫]+\d?$/u)?.[0]
        .replace(/\d$/, "");
    const value = boundAmount(first.trim(), second === undefined ? undefined : unitOf(second));
    const to = second === undefined ? null : boundAmount(second.trim(), unitOf(first));
    if (op === null || value === null || (second !== undefined && to === null)) continue;
    // ("From 300k" alone: at least; "between 300k" with no second end: no bound.)
    if (op === "between" && to === null) continue;
    const night = g.night !== undefined;
    const bound: PriceBound =
      to !== null
        ? { op: "between", value: Math.min(value, to), to: Math.max(value, to), night }
        : { op: op as Exclude<typeof op, "between">, value, night };
    if (g.hours !== undefined) bound.hours = true;
    // ("Rooms under 500k": what is priced goes with its bound.)
    const lead = text.slice(0, at).match(STAY_BEFORE)?.[0] ?? "";
    // ("A nightly price under 500k": for a night, said before.)
    if (/\bnightly\b/i.test(lead)) bound.night = true;
    out.push({ at: at - lead.length, said: `${lead}${m[0].trim()}`, bound });
  }
  for (const m of text.matchAll(FOREIGN_BOUND))
    if (
      PRICE_CONTEXT.test(text.slice(Math.max(0, (m.index ?? 0) - 60), m.index ?? 0)) ||
      /[$€£]|usd|dollar|bucks|eur/i.test(m[0])
    )
      out.push({ at: m.index ?? 0, said: m[0].trim(), bound: null });
  return out.sort((a, b) => a.at - b.at);
}

/** Whether an amount passes a bound. */
export function withinBound(vnd: number, bound: PriceBound): boolean {
  switch (bound.op) {
    case "under":
      return vnd < bound.value;
    case "at most":
      return vnd <= bound.value;
    case "over":
      return vnd > bound.value;
    case "at least":
      return vnd >= bound.value;
    case "between":
      return vnd >= bound.value && vnd <= bound.to;
  }
}

/** "under 500,000 đồng a night", "from 300,000 to 600,000 đồng". */
export function priceBoundWords(bound: PriceBound): string {
  const night = bound.night ? " a night" : bound.hours ? " for some hours" : "";
  // (Any price for some hours: "how many videos quote prices per hour?".)
  if (bound.op === "at least" && bound.value === 0) return night.trim();
  return bound.op === "between"
    ? `from ${bound.value.toLocaleString("en-US")} to ${dong(bound.to)}${night}`
    : `${bound.op} ${dong(bound.value)}${night}`;
}

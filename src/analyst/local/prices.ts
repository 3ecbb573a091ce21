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
}

const FOUND = new RegExp(PRICE_PATTERN, "g");
/** The figure and its unit at the end of the text before (and into) a match. */
const FIGURE =
  /((?:[$₫€£] ?)?[0-9]+(?:[.,][0-9]+)*) ?(k|tr|triệu|trieu|củ|đ|vnd|vnđ|đồng|usd|xu|nghìn|nghin|ngàn|\$|₫|€|£)?([0-9])?$/iu;
/** What follows a figure: a slash and what it is for, or how many nights in words; slang tenths ("2 củ mốt"). */
const AFTER =
  /^(?: (mốt|rưỡi|rưởi|[1-9](?![0-9])))?((?: ?\/ ?[^\s/#,;!?()]{1,12})*)(?: ?(?:cho |per |a |\/ ?)?(?:một|1|mỗi|one|a|per)? ?(?:đêm|dem|night))?/iu;
const NIGHT = /đêm|dem|night/iu;
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
    out.push({ said, vnd: read, night: NIGHT.test(tail) });
  }
  return out;
}

/** "350,000 đồng": an amount as answers show it. */
export const dong = (vnd: number): string => `${vnd.toLocaleString("en-US")} đồng`;

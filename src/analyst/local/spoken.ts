/**
 * Questions dictated to a voice assistant, read as a typist would have written them: numbers said as words put in
 * digits ("top three" → "top 3", "twenty twenty four" → "2024"), handles and hashtags said aloud run together
 * ("at sign an choi vung tau seventy two" → "@anchoivungtau72"), a self-correction kept for what it corrects
 * ("top five no wait top three" → "top 3") and the fillers dropped ("um", a "like" that asks nothing). Words in
 * quotes stay as written, and so does a typed question: what may be read two ways is left alone.
 */

import { MONTH_NAMES, outsideQuotes } from "./lexicon.js";

/** "One" to "nineteen" ("oh" is a digit only in years and after "point"). */
const SMALL = new Map<string, number>([
  ["zero", 0],
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["thirteen", 13],
  ["fourteen", 14],
  ["fifteen", 15],
  ["sixteen", 16],
  ["seventeen", 17],
  ["eighteen", 18],
  ["nineteen", 19],
]);
const TENS = new Map<string, number>([
  ["twenty", 20],
  ["thirty", 30],
  ["forty", 40],
  ["fifty", 50],
  ["sixty", 60],
  ["seventy", 70],
  ["eighty", 80],
  ["ninety", 90],
]);
const SCALES = new Map<string, number>([
  ["thousand", 1e3],
  ["million", 1e6],
  ["billion", 1e9],
]);
/** Days of a month said as ordinals ("the third of march", "february fourteenth"). */
const ORDINALS = new Map<string, number>([
  ["first", 1],
  ["second", 2],
  ["third", 3],
  ["fourth", 4],
  ["fifth", 5],
  ["sixth", 6],
  ["seventh", 7],
  ["eighth", 8],
  ["ninth", 9],
  ["tenth", 10],
  ["eleventh", 11],
  ["twelfth", 12],
  ["thirteenth", 13],
  ["fourteenth", 14],
  ["fifteenth", 15],
  ["sixteenth", 16],
  ["seventeenth", 17],
  ["eighteenth", 18],
  ["nineteenth", 19],
  ["twentieth", 20],
  ["thirtieth", 30],
]);
const MONTHS = new Set(MONTH_NAMES.map((m) => m.toLowerCase()));

/** What a number counts ("seventeen videos", "fifteen seconds", "thirty second clips"). */
const COUNTED = new Set(
  (
    "videos clips posts uploads accounts creators channels hashtags tags sounds songs seconds secs minutes mins " +
    "hours days weeks months years views plays likes comments shares saves followers fans subscribers times " +
    "results examples items places cities hotels captions languages countries categories percent ads people users " +
    "brands words characters emojis second minute hour day week month year"
  ).split(" "),
);
/** Words that may stand between a number and what it counts ("ten example videos", "three most viewed videos"). */
const MODIFIERS = new Set(
  (
    "example sample more most top best worst different other random recent latest newest oldest short long " +
    "longer shorter viral popular trending hotel verified english vietnamese new old separate distinct " +
    "individual extra viewed liked shared saved commented watched"
  ).split(" "),
);
/** Words before a lone number that make it one ("top three", "over ten"). */
const NUMBER_LEADS = new Set([
  "top",
  "bottom",
  "over",
  "under",
  "above",
  "below",
  "than",
  "least",
  "most",
  "between",
]);

/**
 * Words that end a handle or a hashtag said aloud ("at sign an choi vung tau seventy two how many …": the handle
 * stops at "how"): question words, verbs, function words, fillers, and the counts asked about.
 */
const HANDLE_END = new Set(
  (
    "how what what's whats which who who's whom whose when where why had has have having posted post posts " +
    "posting did do does done is isn't are aren't was wasn't were be been being got gets get getting and or but " +
    "nor in on at for about with without from to of by into than then the a their theirs its it it's his her " +
    "they them he she i we you our my your this that these those there here right like likes um uh umm uhh erm " +
    "hmm so also too please ok okay plus vs versus compared compare against used use uses using tagged mean " +
    "means make made show shows showed list if whether not no any all each every most more less fewer top many " +
    "much can could would should will may might perform performs performed work works worked drive drives bring " +
    "brings appear appears appeared lead leads generate generates versus videos video clips views plays " +
    "comments shares saves followers accounts account creators creator hashtags hashtag sounds sound content " +
    "total average median overall both either check count counts pair pairs stuffing usage only strategy " +
    "strategies combo combos mix list lists research data set sets spam ideas trend trends view verified " +
    "unverified " +
    // (Vietnamese typed without accents: "hashtag nao duoc dung nhieu nhat", which hashtag is used most.)
    "nao duoc dung co cua la gi nhat nhieu trong cac nhung khong ko o va voi hay thi"
  ).split(" "),
);
/** A word naming a hashtag rather than saying one ("which hashtag performs best"). */
const HASHTAG_AS_NOUN = new Set(
  (
    "which what the a an each every per one that this any top most same by popular best no your their its his " +
    "her my our whose biggest main first last"
  ).split(" "),
);
/** The last part of an account name said with "dot" ("ohdidi dot vn"). */
const NAME_ENDS = new Set(["vn", "com", "net", "org", "co", "official", "travel", "hotel", "review"]);

/** One word of the question and where it is. */
interface Word {
  readonly w: string;
  readonly lo: string;
  readonly at: number;
  readonly end: number;
}
/** A stretch of words (from, to exclusive) read as `text`. */
interface Edit {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a passage, with what joins them. */
class Words {
  readonly list: Word[];
  constructor(
    readonly text: string,
    readonly opensText: boolean,
  ) {
    this.list = [...text.matchAll(WORD_RE)].map((m) => ({
      w: m[0],
      lo: m[0].toLowerCase(),
      at: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
    }));
  }
  lo(i: number): string {
    return this.list[i]?.lo ?? "";
  }
  /** Word i runs on to word i + 1 (spaces or a hyphen between them, no comma or stop). */
  linked(i: number): boolean {
    const a = this.list[i];
    const b = this.list[i + 1];
    return a !== undefined && b !== undefined && /^(?:[ \t]+|-)$/.test(this.text.slice(a.end, b.at));
  }
  /** Word i is a word of the sentence, not part of a handle, hashtag, address or file name ("#seventeen"). */
  plain(i: number): boolean {
    const word = this.list[i];
    if (!word) return false;
    const before = this.text[word.at - 1] ?? "";
    const after = this.text.slice(word.end, word.end + 2);
    return !/[#@._/\p{N}]/u.test(before) && !/^(?:_|[.\p{N}][\p{L}\p{N}])/u.test(after);
  }
  /** Word i is written with a capital that is not a sentence's ("Seventeen", "One Direction" mid-sentence). */
  named(i: number): boolean {
    const word = this.list[i];
    if (!word || !/\p{Lu}/u.test(word.w)) return false;
    const before = this.text.slice(0, word.at);
    return !(/^\s*$/.test(before) ? this.opensText : /[.?!]\s+$/.test(before));
  }
  /** The text with each edit's words replaced. */
  apply(edits: readonly Edit[]): string {
    let out = "";
    let from = 0;
    for (const e of edits) {
      const first = this.list[e.from];
      const last = this.list[e.to - 1];
      if (!first || !last) continue;
      out += this.text.slice(from, first.at) + e.text;
      from = last.end;
    }
    return out + this.text.slice(from);
  }
}

/** A number read from words: its digits and the word after it. */
interface Read {
  readonly text: string;
  readonly next: number;
  /** Said as thousands ("twenty thousand"), for a range's first number ("ten to twenty thousand"). */
  readonly thousands?: boolean;
}

/**
 * A year said as two numbers, 2000-2039: "twenty nineteen" (2019), "twenty twenty" (2020), "twenty twenty four"
 * (2024), "twenty oh five" (2005). ("Two thousand and twenty" is read as a number: 2020.)
 */
function yearAt(ws: Words, i: number): Read | null {
  if (ws.lo(i) !== "twenty" || !ws.linked(i)) return null;
  const second = ws.lo(i + 1);
  const unit = (k: number) => (ws.linked(k - 1) ? SMALL.get(ws.lo(k)) : undefined);
  if ((SMALL.get(second) ?? 0) >= 10) return { text: String(2000 + (SMALL.get(second) ?? 0)), next: i + 2 };
  if (second === "twenty" || second === "thirty") {
    const u = unit(i + 2);
    const y = 2000 + (TENS.get(second) ?? 0);
    return u !== undefined && u >= 1 && u <= 9
      ? { text: String(y + u), next: i + 3 }
      : { text: String(y), next: i + 2 };
  }
  const u = unit(i + 2);
  return (second === "oh" || second === "o") && u !== undefined && u >= 1 && u <= 9
    ? { text: String(2000 + u), next: i + 3 }
    : null;
}

/** "Seventy two" (72), "fourteen", "ninety". */
function below100(ws: Words, i: number): { v: number; next: number } | null {
  const tens = TENS.get(ws.lo(i));
  if (tens !== undefined) {
    const u = ws.linked(i) ? SMALL.get(ws.lo(i + 1)) : undefined;
    return u !== undefined && u >= 1 && u <= 9 ? { v: tens + u, next: i + 2 } : { v: tens, next: i + 1 };
  }
  const small = SMALL.get(ws.lo(i));
  return small === undefined ? null : { v: small, next: i + 1 };
}

/** "Three hundred fifty" (350), "a hundred and twenty" (120), or a number under 100. */
function below1000(ws: Words, i: number): { v: number; next: number } | null {
  const lead = ws.lo(i) === "a" ? 1 : SMALL.get(ws.lo(i));
  if (lead !== undefined && lead > 0 && ws.linked(i) && ws.lo(i + 1) === "hundred") {
    let v = lead * 100;
    let next = i + 2;
    let k = next;
    if (ws.linked(next - 1) && ws.lo(k) === "and" && ws.linked(k)) k++;
    const rest = ws.linked(k - 1) ? below100(ws, k) : null;
    // (Not "two hundred and five hundred": the "and" joins two numbers.)
    const runsOn =
      rest && ws.linked(rest.next - 1) && (ws.lo(rest.next) === "hundred" || SCALES.has(ws.lo(rest.next)));
    if (rest && !runsOn) {
      v += rest.v;
      next = rest.next;
    }
    return { v, next };
  }
  return ws.lo(i) === "a" ? null : below100(ws, i);
}

/** Digits said one by one after "point" ("point seven"). */
function decimals(ws: Words, i: number): { digits: string; next: number } | null {
  let digits = "";
  let k = i;
  while (ws.linked(k - 1)) {
    const d = ws.lo(k) === "oh" ? 0 : SMALL.get(ws.lo(k));
    if (d === undefined || d > 9) break;
    digits += String(d);
    k++;
  }
  return digits ? { digits, next: k } : null;
}

/** "and a half" at word i. */
function half(ws: Words, i: number): boolean {
  return (
    ws.lo(i) === "and" && ws.lo(i + 1) === "a" && ws.lo(i + 2) === "half" && ws.linked(i) && ws.linked(i + 1)
  );
}

/** The count after word i - 1, if any ("million views", "k"). */
function scaleAt(ws: Words, i: number): string | null {
  if (!ws.linked(i - 1)) return null;
  const w = ws.lo(i);
  // (Not "ten k-pop videos".)
  if (w === "k") return ws.text[ws.list[i]?.end ?? 0] === "-" ? null : w;
  return SCALES.has(w) ? w : null;
}

/** A number said with a scale, decimals or a half: "five hundred k", "thirteen point seven million". */
function withScale(value: string, scale: string): string {
  return scale === "k" ? `${value}k` : `${value} ${scale}`;
}

/**
 * A number said in words, with how many words it took: "seventy two" (72), "a hundred k" (100k), "a thousand"
 * (1000), "two thousand twenty five" (2025), "a million" (1 million), "thirteen point seven million" (13.7
 * million), "two point five k" (2.5k), "one and a half million" and "a million and a half" (1.5 million), "a
 * million views and a half" (1.5 million views), "half a million" (500000), "a quarter of a million" (250000).
 */
function numberAt(ws: Words, i: number): Read | null {
  // "Half a million", "a quarter of a million": that part of the scale.
  const part = ws.lo(i) === "half" ? 0.5 : ws.lo(i) === "quarter" || ws.lo(i + 1) === "quarter" ? 0.25 : null;
  if (part !== null) {
    const a = ws.lo(i) === "half" ? i + 1 : i + 2;
    const at = ws.lo(a) === "of" && ws.lo(a + 1) === "a" ? a + 2 : ws.lo(a) === "a" ? a + 1 : -1;
    const scale =
      at > 0 && (ws.lo(i) !== "a" || ws.lo(i + 1) === "quarter") ? SCALES.get(ws.lo(at)) : undefined;
    if (scale !== undefined && scale >= 1000 && [...Array(at - i).keys()].every((d) => ws.linked(i + d)))
      return { text: String(part * scale), next: at + 1 };
  }
  let total = 0;
  let k = i;
  let lastScale = Number.POSITIVE_INFINITY;
  /** The group before the last scale word when the number ends there ("thirteen million"), else null. */
  let scaled: { group: number; word: string } | null = null;
  for (;;) {
    let group = below1000(ws, k);
    if (!group && ws.lo(k) === "a" && SCALES.has(ws.lo(k + 1)) && ws.linked(k)) group = { v: 1, next: k + 1 };
    if (!group) break;
    // "Thirteen point seven million", "two point five k".
    if (total === 0 && ws.lo(group.next) === "point" && ws.linked(group.next - 1)) {
      const d = decimals(ws, group.next + 1);
      if (d) {
        const value = `${group.v}.${d.digits}`;
        const scale = scaleAt(ws, d.next);
        return scale ? { text: withScale(value, scale), next: d.next + 1 } : { text: value, next: d.next };
      }
    }
    // "One and a half million", "two and a half k".
    if (total === 0 && group.v < 1000 && half(ws, group.next) && ws.linked(group.next - 1)) {
      const scale = scaleAt(ws, group.next + 3);
      if (scale) return { text: withScale(`${group.v}.5`, scale), next: group.next + 4 };
      if (ws.linked(group.next + 2) && COUNTED.has(ws.lo(group.next + 3)))
        return { text: `${group.v}.5`, next: group.next + 3 };
    }
    const word = ws.lo(group.next);
    const scale = SCALES.get(word);
    if (scale !== undefined && scale < lastScale && ws.linked(group.next - 1)) {
      scaled = total === 0 ? { group: group.v, word } : null;
      total += group.v * scale;
      lastScale = scale;
      k = group.next + 1;
      // "Two thousand and twenty": the "and" joins the groups ("one million and a half" is read below).
      if (ws.lo(k) === "and" && ws.linked(k - 1) && ws.linked(k) && !half(ws, k)) {
        const after = below1000(ws, k + 1);
        if (after && !(SCALES.has(ws.lo(after.next)) && (SCALES.get(ws.lo(after.next)) ?? 0) >= scale)) k++;
      }
      if (!ws.linked(k - 1)) break;
      const more = below1000(ws, k);
      if (!more) break;
      scaled = null;
      continue;
    }
    total += group.v;
    k = group.next;
    scaled = null;
    break;
  }
  if (k === i) return null;
  if (scaled && scaled.word !== "thousand") {
    // "A million and a half", "a million views and a half".
    if (half(ws, k)) return { text: `${scaled.group}.5 ${scaled.word}`, next: k + 3 };
    if (ws.linked(k - 1) && COUNTED.has(ws.lo(k)) && ws.linked(k) && half(ws, k + 1))
      return { text: `${scaled.group}.5 ${scaled.word} ${ws.list[k]?.w}`, next: k + 4 };
    return { text: `${scaled.group} ${scaled.word}`, next: k };
  }
  if (scaled) return { text: String(total), next: k, thousands: true };
  // "Ten k", "a hundred k".
  if (lastScale === Number.POSITIVE_INFINITY && scaleAt(ws, k) === "k")
    return { text: `${total}k`, next: k + 1 };
  return { text: String(total), next: k };
}

/** Word i starts what a number counts, after at most two words that qualify it ("example videos"). */
function countsAt(ws: Words, i: number): boolean {
  for (let k = i; k < i + 3; k++) {
    if (!ws.linked(k - 1)) return false;
    if (COUNTED.has(ws.lo(k))) return true;
    if (!MODIFIERS.has(ws.lo(k))) return false;
  }
  return false;
}

/** A day of a month said as an ordinal or a number: "fourteenth", "twenty first", "fourteen". */
function dayAt(ws: Words, i: number): Read | null {
  if (!ws.plain(i)) return null;
  const ord = ORDINALS.get(ws.lo(i));
  if (ord !== undefined && ord <= 9 && (ws.lo(i - 1) === "twenty" || ws.lo(i - 1) === "thirty")) return null;
  const tens = TENS.get(ws.lo(i));
  if ((tens === 20 || tens === 30) && ws.linked(i)) {
    const unit = ORDINALS.get(ws.lo(i + 1));
    if (unit !== undefined && unit <= 9 && tens + unit <= 31)
      return { text: String(tens + unit), next: i + 2 };
  }
  if (ord !== undefined) {
    // ("March first half": not a day.)
    if (/^(?:half|quarter|week|weeks|days|place)$/.test(ws.linked(i) ? ws.lo(i + 1) : "")) return null;
    return { text: String(ord), next: i + 1 };
  }
  if (yearAt(ws, i)) return null;
  const n = below100(ws, i);
  // ("March two videos": a count.)
  if (!n || n.v < 2 || n.v > 31 || countsAt(ws, n.next)) return null;
  const after = ws.linked(n.next - 1) ? ws.lo(n.next) : "";
  return after === "hundred" || after === "k" || SCALES.has(after) || SMALL.has(after) || TENS.has(after)
    ? null
    : { text: String(n.v), next: n.next };
}

/** A year said at word i, or digits: whether a date's year follows. */
function yearFollows(ws: Words, i: number): boolean {
  return ws.linked(i - 1) && (yearAt(ws, i) !== null || /^\d{4}$/.test(ws.lo(i)));
}

/** "February fourteenth" (February 14), "the third of march" (3 march). */
function dateAt(ws: Words, i: number): Edit | null {
  const w = ws.list[i];
  if (!w) return null;
  if (MONTHS.has(w.lo) && ws.linked(i) && ws.plain(i)) {
    const day = dayAt(ws, i + 1);
    // (A lowercase "may" is a month only with its year.)
    if (day && (w.w !== "may" || yearFollows(ws, day.next)))
      return { from: i, to: day.next, text: `${w.w} ${day.text}` };
    return null;
  }
  const at = w.lo === "the" && ws.linked(i) ? i + 1 : i;
  const day = dayAt(ws, at);
  if (!day || !(ORDINALS.has(ws.lo(at)) || ORDINALS.has(ws.lo(at + 1)))) return null;
  const month = ws.list[day.next + 1];
  return ws.lo(day.next) === "of" &&
    ws.linked(day.next - 1) &&
    ws.linked(day.next) &&
    month &&
    MONTHS.has(month.lo)
    ? { from: i, to: day.next + 2, text: `${day.text} ${month.w}` }
    : null;
}

const RANGE_JOIN = new Set(["and", "to", "or"]);
/** Words before a pronoun "one" ("which one or two"). */
const ONE_AS_PRONOUN = new Set([
  "which",
  "the",
  "no",
  "any",
  "each",
  "every",
  "this",
  "that",
  "some",
  "only",
]);

/**
 * A number said as one word, read as one: before what it counts ("seventeen videos", "ten example videos"), after
 * "top", "over", "than" ("top three", "more than ten"), or in a range with one ("two to five videos", "between
 * two and five", "one or two videos"). "One" and "zero" alone stay ("which one", "one of them", "one video or two").
 */
function loneNumber(ws: Words, i: number, afterNumber: boolean): boolean {
  const word = ws.lo(i);
  if (word === "zero") return false;
  if (word !== "one") {
    if (countsAt(ws, i + 1)) return true;
    if (ws.linked(i - 1) && NUMBER_LEADS.has(ws.lo(i - 1))) return true;
    if (afterNumber && ws.linked(i - 1) && RANGE_JOIN.has(ws.lo(i - 1))) return true;
  } else if (ws.linked(i - 1) && ONE_AS_PRONOUN.has(ws.lo(i - 1))) return false;
  // "One or two videos", "two to five videos".
  if (!ws.linked(i) || !RANGE_JOIN.has(ws.lo(i + 1)) || !ws.linked(i + 1)) return false;
  const other = yearAt(ws, i + 2) ?? numberAt(ws, i + 2);
  return other !== null && (other.next > i + 3 || countsAt(ws, other.next));
}

/**
 * Which numbers said as one word are put in digits: all of them (a question dictated), those bounding a count
 * ("under fifteen seconds", "more than ten videos": how a bound is read), or none.
 */
type Lone = "all" | "bounds" | "none";
/** Words before a lone number that bound a count ("over", "under"; not "top"). */
const BOUND_LEADS = new Set(["over", "under", "above", "below", "than", "least", "between"]);

/**
 * Numbers said as words, put in digits: years ("twenty twenty four" → "2024"), dates ("february fourteenth" →
 * "february 14"), numbers of two words or more ("seventy two" → "72", "a hundred k" → "100k", "a million" → "1
 * million"), and a lone word before what it counts or after "top"/"over" ("seventeen videos" → "17 videos",
 * "top three" → "top 3"). A lone "one" stays ("which one", "one of them"), and so do names ("Seventeen",
 * "One Direction" mid-sentence), "a couple" and words in handles ("#seventeen").
 */
function numbersIn(ws: Words, lone: Lone): Edit[] {
  const edits: Edit[] = [];
  const words = ws.list;
  for (let i = 0; i < words.length; ) {
    const date = dateAt(ws, i);
    if (date) {
      edits.push(date);
      i = date.to;
      continue;
    }
    const read = yearAt(ws, i) ?? numberAt(ws, i);
    const span = read ? Array.from({ length: read.next - i }, (_, k) => i + k) : [];
    if (!read || span.some((k) => !ws.plain(k) || ws.named(k))) {
      i++;
      continue;
    }
    // ("Nineteen ninety nine": not half a number.)
    const said = (k: number) => SMALL.has(ws.lo(k)) || TENS.has(ws.lo(k)) || ws.lo(k) === "hundred";
    if ((ws.linked(i - 1) && said(i - 1)) || (ws.linked(read.next - 1) && TENS.has(ws.lo(read.next)))) {
      i = read.next;
      continue;
    }
    if (
      read.next === i + 1 &&
      (lone === "none" ||
        !loneNumber(ws, i, edits.at(-1)?.to === i - 1) ||
        (lone === "bounds" && !(ws.linked(i - 1) && BOUND_LEADS.has(ws.lo(i - 1)) && countsAt(ws, i + 1))))
    ) {
      i++;
      continue;
    }
    // ("Between ten and twenty thousand views": both in thousands.)
    const other = read.next === i + 1 && ws.linked(i) && RANGE_JOIN.has(ws.lo(i + 1)) && ws.linked(i + 1);
    const text = other && numberAt(ws, i + 2)?.thousands ? String(Number(read.text) * 1000) : read.text;
    edits.push({ from: i, to: read.next, text });
    i = read.next;
  }
  return edits;
}

/**
 * Handles and hashtags said aloud, their words run together up to the first that cannot be part of one, numbers
 * in digits, "dot" and "underscore" as written: "at sign an choi vung tau seventy two how many" →
 * "@anchoivungtau72 how many", "hashtag da lat like just the counts" → "#dalat like just the counts", "ohdidi dot
 * vn posts" → "ohdidi.vn posts". "Which hashtag is", "hashtag is" stay.
 */
function handlesIn(ws: Words, spokenTags: boolean): Edit[] {
  const edits: Edit[] = [];
  const words = ws.list;
  for (let i = 0; i < words.length; i++) {
    let mark = "";
    let start = i;
    if (ws.lo(i) === "at" && (ws.lo(i + 1) === "sign" || ws.lo(i + 1) === "symbol") && ws.linked(i)) {
      mark = "@";
      start = i + 2;
    } else if (
      spokenTags &&
      ws.lo(i) === "hashtag" &&
      !(ws.linked(i - 1) && HASHTAG_AS_NOUN.has(ws.lo(i - 1))) &&
      // (Not a count's noun: "10+ hashtag", "3-5 hashtag".)
      !/[\p{N}+]\s*$/u.test(ws.text.slice(0, ws.list[i]?.at ?? 0))
    ) {
      mark = "#";
      start = i + 1;
    } else if (ws.lo(i + 1) === "dot" && NAME_ENDS.has(ws.lo(i + 2)) && ws.linked(i) && ws.linked(i + 1)) {
      // "ohdidi dot vn".
      if (ws.plain(i) && !HANDLE_END.has(ws.lo(i)) && !SMALL.has(ws.lo(i)) && ws.plain(i + 2)) {
        edits.push({ from: i, to: i + 3, text: `${words[i]?.w}.${words[i + 2]?.w}` });
        i += 2;
      }
      continue;
    } else continue;
    let name = "";
    let k = start;
    // (A hashtag said aloud is of plain letters, each word after a space: not "hashtag-only", "hashtag là vừa".)
    const tagWord = (k: number) =>
      mark !== "#" ||
      (/^[ \t]+$/.test(ws.text.slice(ws.list[k - 1]?.end ?? 0, ws.list[k]?.at ?? 0)) &&
        /^[a-z0-9]+$/.test(ws.lo(k)));
    while (k < start + 8 && ws.linked(k - 1) && !HANDLE_END.has(ws.lo(k)) && tagWord(k)) {
      const n = yearAt(ws, k) ?? (ws.lo(k) === "a" ? null : numberAt(ws, k));
      if (n && !/\s/.test(n.text) && n.next <= start + 8) {
        name += n.text;
        k = n.next;
        continue;
      }
      const w = ws.lo(k);
      name += w === "dot" ? "." : w === "underscore" ? "_" : w;
      k++;
    }
    // (Eight words with no end in sight: not a name.)
    const ended = k < start + 8 || !ws.linked(k - 1) || HANDLE_END.has(ws.lo(k)) || !tagWord(k);
    if (!ended || !/^[\p{L}\p{N}]/u.test(name) || !/[\p{L}\p{N}]$/u.test(name)) continue;
    edits.push({ from: i, to: k, text: mark + name });
    i = k - 1;
  }
  return edits;
}

/** Words said before the number they correct ("in 2024 no wait 2025"), with "the" before a word said again. */
const HEAD =
  "(?:top|bottom|in|since|from|before|after|over|under|above|below|more than|less than|fewer than|at least|at most|around|about)";
const AMOUNT = String.raw`\d+(?:[.,]\d+)?(?:k|\s(?:thousand|million|billion))?`;
const COUNT_WORD = `(?:${[...COUNTED].join("|")})`;
const MARKER = String.raw`(?:\s*,\s*|\s+)(?:no wait|wait no|no no|no i mean|i mean|sorry|or rather|actually)(?:\s*,\s*|\s+)|\s*,\s*no\s*,\s*`;
const CORRECTION = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(?:(the\s+)?(${HEAD})\s+)?(${AMOUNT})(?:\s+(${COUNT_WORD}))?(?:${MARKER})(?:make (?:it|that)\s+)?(?:(${HEAD})\s+)?(${AMOUNT})(?:\s+(${COUNT_WORD}))?(?![\p{L}\p{N}])`,
  "giu",
);
const YEAR = /^(?:19|20)\d\d$/;
/**
 * "In da lat no wait vung tao what's …": a place said again after "in", "at", "for", "about" or "from", up to three
 * words before what is asked, a comma or the end (after "no wait", "or rather": not "a hotel actually in Vietnam").
 */
const PLACE_CORRECTED =
  /\b(in|at|for|about|from)\s+(?:\p{L}+\s+){0,2}?\p{L}+(?:\s*,\s*|\s+)(?:no wait|wait no|no no|no i mean|or rather)(?:\s*,\s*|\s+)(?:make (?:it|that)\s+)?((?:\p{L}+\s+){0,2}?\p{L}+)(?=\s*(?:[,.;?!]|$)|\s+(?:what|what's|which|how|who|where|when|show|list|give|top|and)\b)/giu;
/** A correction's words anywhere in a question: it was said, not typed ("top five no wait top three"). */
const SAID_AGAIN = new RegExp(MARKER, "iu");

/**
 * A number said then corrected, the correction kept when both are years or both counts: "top 5 no wait top 3" →
 * "top 3", "in 2024 no wait 2025" → "in 2025", "over 1.5 million views no i mean 1.5 million" → "over 1.5 million
 * views". Any other "no wait", "i mean" or "actually" stays.
 */
function corrected(text: string): string {
  return text
    .replace(PLACE_CORRECTED, "$1 $2")
    .replace(
      CORRECTION,
      (
        all,
        the: string | undefined,
        hx: string | undefined,
        x: string,
        nx,
        hy: string | undefined,
        y: string,
        ny,
      ) => {
        if (YEAR.test(x) !== YEAR.test(y)) return all;
        const noun = ny ?? nx;
        const tail = `${y}${noun ? ` ${noun}` : ""}`;
        return hy ? `${hy} ${tail}` : `${the ?? ""}${hx ? `${hx} ` : ""}${tail}`;
      },
    );
}

/** "Um", "uh", "erm", "hmm" (lowercase or opening a sentence; "UM" stays). */
const HESITATION = /(?<![\p{L}\p{N}'’#@])(?:[Uu](?:m+|h+)|[Ee]rm+|[Hh]mm+)(?![\p{L}\p{N}'’])(?:\s*,)?/gu;
/** "So basically" opening the question or a clause, "basically" opening the question. */
const BASICALLY = /(?<=^\s*|[,.;!?]\s*|(?<![\p{L}\p{N}])(?:okay|ok)\s+)(?:so\s+)?basically(?:\s*,)?(?=\s)/giu;
/** The same after a quoted passage, where the passage read does not open the question ('"…" basically a'). */
const BASICALLY_WITHIN =
  /(?<=[,.;!?]\s*|(?<![\p{L}\p{N}])(?:okay|ok)\s+)(?:so\s+)?basically(?:\s*,)?(?=\s)/giu;
const YOU_KNOW = /,\s*you know\s*,/giu;
/** "So yeah which creator …", "… or longer so yeah", "yeah, top five": a "yeah" that opens or closes what is said. */
const YEAH =
  /(?<=^\s*|[,.;!?]\s*)(?:(?:okay|ok|um|uh)\s+)?(?:so\s+)?yeah\b,?\s*|\s*,?\s*\bso\s+yeah\s*(?=[.?!]*\s*$)/giu;
const LIKE = /(?<![\p{L}\p{N}'’#@/-])like(?![\p{L}\p{N}'’/-])/giu;
/**
 * Words after which "like" is a filler ("show me like ten", "had like two", "do they get like more views", "but
 * like drop the one outlier", "about like other countries"); not "is like" ("which creator is like X").
 */
const LIKE_AFTER = new Set(
  "want wanna need me had has have got get gets getting but so okay ok about than with".split(" "),
);
/** Words before which "like" is a filler ("like just the counts", "accounts like under a thousand"). */
const LIKE_BEFORE = new Set([
  "just",
  "overall",
  "do",
  "does",
  "did",
  "under",
  "over",
  "above",
  "below",
  "around",
  "roughly",
  "maybe",
  ...[...MONTHS].filter((m) => m !== "may"),
]);
/** Two words that open a question after a filler "like" ("like is there a correlation", "like how long"). */
const LIKE_BEFORE_ASKING = /^(?:is there|are there|how (?:long|many|much|often))$/;
/** Words before "like" the verb ("do people like", "which do you like more", "I'd like"). */
const LIKE_SUBJECTS = new Set(
  (
    "i you we they he she it people users viewers audiences audience folks fans followers who to would i'd " +
    "you'd we'd they'd who'd do does did don't doesn't didn't not really also still never always might will " +
    "should could can most"
  ).split(" "),
);
/** A verb's helper earlier in the clause: "like" is then the verb ("what do tourists like about …"). */
const AUXILIARY = /(?<![\p{L}\p{N}])(?:do|does|did|don't|doesn't|didn't|would|'d)(?![\p{L}\p{N}])/iu;
/** Words after which "like" is the count ("like rate", "like count", "like to view", "videos like this"). */
const LIKE_NOUN_AFTER =
  /^(?:rates?|counts?|ratios?|to|per|numbers?|share|views?|plays?|this|that|these|those|it|them|buttons?)$/;

/**
 * "Like" as a filler, dropped: after a word that asks for something ("show me like ten example videos", "had like
 * two videos", "but like drop the one outlier") or before a word that qualifies ("like just the counts", "the
 * whole thing like overall", "it was like march"). "Like rate", "like count", "like to view", "like per view",
 * "videos like this", "do people like …", "what do tourists like in …" and "what's the like average" stay.
 */
function withoutLike(text: string): string {
  return text.replace(LIKE, (like, at: number) => {
    const before = text.slice(0, at);
    const rest = text.slice(at + like.length);
    const next = rest.match(/^\s*,?\s*([\p{L}\p{N}'’]+)(?:\s+([\p{L}\p{N}'’]+))?/u);
    const nextWord = next?.[1]?.toLowerCase().replace(/’/g, "'") ?? "";
    if (!next || !/^[\s,]/.test(rest) || LIKE_NOUN_AFTER.test(nextWord)) return like;
    const prevWord =
      before
        .match(/([\p{L}\p{N}'’]+)\s*$/u)?.[1]
        ?.toLowerCase()
        .replace(/’/g, "'") ?? "";
    const theMost = /(?<![\p{L}\p{N}])the\s+most\s*$/iu.test(before);
    // Opening the question ("like just the counts"), or a clause before a word that qualifies (", like, just …";
    // not ", like Yên Biên Hotel": such as).
    if (/^\s*$/.test(before)) return "";
    if (/,\s*$/.test(before) && (/^\s*,/.test(rest) || LIKE_BEFORE.has(nextWord) || /^\d/.test(nextWord)))
      return "";
    if (LIKE_AFTER.has(prevWord)) return "";
    // ("The most like in vietnam time"; not "the most like and comments".)
    if (theMost && (nextWord === "in" || LIKE_BEFORE.has(nextWord))) return "";
    if (LIKE_BEFORE_ASKING.test(`${nextWord} ${next[2]?.toLowerCase() ?? ""}`)) return "";
    const clause = before.split(/[,;.!?]/).at(-1) ?? "";
    return LIKE_BEFORE.has(nextWord) && !LIKE_SUBJECTS.has(prevWord) && !AUXILIARY.test(clause) ? "" : like;
  });
}

/**
 * Fillers dropped ("um", "uh" before anything else): "so basically", ", you know,", "so yeah", a "like" that asks
 * nothing.
 */
function withoutFillers(text: string, opens: boolean): string {
  return withoutLike(
    text
      .replace(opens ? BASICALLY : BASICALLY_WITHIN, "")
      .replace(YOU_KNOW, ",")
      .replace(YEAH, ""),
  );
}

/**
 * Vietnamese places as an English speaker says them and a transcript spells them ("fu kwok", "hoy an", "hway"),
 * read as written without accents (the planner links "phu quoc" to #phuquoc). No one types them so: read in any
 * question.
 */
const PLACES_SAID: readonly (readonly [RegExp, string])[] = (
  [
    ["da lot", "da lat"],
    ["(?:fu|foo) (?:kwok|quock|kwock)", "phu quoc"],
    ["(?:fu|foo) kwee", "phu quy"],
    ["nya trang|na trang|nah trang", "nha trang"],
    ["dah nang|da nahng", "da nang"],
    ["can (?:toe|tow)", "can tho"],
    ["hway|hoo ay|hoo way", "hue"],
    ["hoy an|hoi ann", "hoi an"],
    ["kwang (?:bin|binh|bing)", "quang binh"],
    ["nin (?:twan|twahn)|ninh twan", "ninh thuan"],
    ["high fong|hai fong", "hai phong"],
    ["(?:dack|dak) lack", "dak lak"],
    ["ha (?:jang|zang|yang)", "ha giang"],
    ["vung (?:tow|toe|tao)", "vung tau"],
    ["kwee (?:nyon|non|nhon)", "quy nhon"],
    ["(?:sigh|sai) gone", "saigon"],
    ["ha noy", "ha noi"],
  ] as const
).map(
  ([said, place]) =>
    [new RegExp(`(?<![\\p{L}\\p{N}#@])(?:${said})(?![\\p{L}\\p{N}])`, "giu"), place] as const,
);

/** A passage read: handles, then numbers, then corrections, then fillers, its spacing tidied if it changed. */
function readPart(part: string, opens: boolean, closes: boolean, spokenTags: boolean, lone: Lone): string {
  let text = part.replace(HESITATION, "");
  let ws = new Words(text, opens);
  text = ws.apply(handlesIn(ws, spokenTags));
  ws = new Words(text, opens);
  text = ws.apply(numbersIn(ws, lone));
  text = withoutFillers(corrected(text), opens);
  if (text === part) return part;
  text = text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+([?.!,;])(?=\s|$)/g, "$1")
    .replace(/,\s*(?=[,?.!])/g, "");
  if (opens) text = text.replace(/^[\s,]+/, "");
  return closes ? text.trimEnd() : text;
}

/**
 * A question as dictated, read as typed: "so at sign haiduong one t had like two videos" → "so @haiduong1t had 2
 * videos", "top five no wait top three most viewed" → "top 3 most viewed", "from twenty twenty" → "from 2020".
 * The question itself (the same string) when nothing applies.
 */
export function fromSpoken(question: string): string {
  const read = (lone: Lone, spokenTags: boolean) =>
    outsideQuotes(question, (part, opens, closes) => readPart(part, opens, closes, spokenTags, lone));
  // (A number word alone, "the last two weeks", "which five creators", is how a typist writes too: every one is
  // put in digits only when something else was said aloud, or corrected; else those that bound a count.)
  const dictated = read("none", false) !== question || SAID_AGAIN.test(question);
  // ("Hashtag fitness": a tag said aloud in a question dictated, or in one as a transcript writes it, no capital
  // after its first letter and no question mark; never where a tag is written with "#". Not "Hashtag sweet spot
  // for a Hoi An villa", "Quick hashtag check: #fyp", "trust hashtag rankings built on small counts?".)
  const spokenTags =
    !/#[\p{L}\p{N}]/u.test(question) && (dictated || !/[\p{Lu}?¿¡]/u.test(question.trim().slice(1)));
  const out = outsideQuotes(read(dictated ? "all" : "bounds", spokenTags), (part) =>
    PLACES_SAID.reduce((text, [said, place]) => text.replace(said, place), part),
  );
  return out === question ? question : out;
}

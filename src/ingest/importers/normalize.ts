import { inlineHashtags, TAG_OR_MENTION } from "../../shared/text/hashtags.js";
import { RecordError } from "./types.js";

/** Normalisations every format shares; each is documented because user guides quote them. */

export const MAX_CAPTION = 10_000;
export const MAX_TRANSCRIPT = 200_000;
/** The opening hook is at most this many characters (cut at a word boundary). */
export const MAX_HOOK = 150;
/** Spoken lines are joined until the opening reaches this many characters (or a sentence ends). */
export const HOOK_SPOKEN_MIN = 50;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

// Printable ASCII is already well-formed NFC without NULs: the common case skips three passes over the text.
const PLAIN_ASCII = /^[\t\n\r -~]*$/;

/** Well-formed NFC text without NULs (lone surrogates would not round-trip SQLite and re-imports would differ). */
export function cleanText(text: string, field: string, max: number): string {
  const clean = PLAIN_ASCII.test(text) ? text : wellFormed(text).replaceAll("\u0000", "").normalize("NFC");
  if (clean.length > max)
    throw new RecordError(`${field} is ${clean.length} characters, over the ${max} limit`);
  return clean;
}

/** Region: two upper-case letters (ISO 3166-1 alpha-2) or null. */
export function normalizeRegion(value: string | null): string | null {
  if (value === null) return null;
  const region = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(region) ? region : null;
}

/** Language: the primary subtag, lower-case ("vie-VN" → "vie", "en" → "en"); "un"/"und" (unknown) → null. */
export function normalizeLanguage(value: string | null): string | null {
  if (value === null) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (!/^[a-z]{2,3}$/.test(primary) || primary === "un" || primary === "und") return null;
  return primary;
}

/** Hashtags: lower-case, without '#', de-duplicated in first-seen order, empty ones dropped. */
export function normalizeHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const nfc = PLAIN_ASCII.test(tag) ? tag : wellFormed(tag).normalize("NFC");
    const clean = nfc.trim().replace(/^#+/, "").toLowerCase();
    if (clean && !/\s/.test(clean)) seen.add(clean);
  }
  return [...seen];
}

/** A collection name is at most this many characters. */
export const MAX_COLLECTION = 100;

/**
 * A collection's name (the search or scrape a video was found in): NFC, lower-case, without a leading '#',
 * runs of white space as one space, control characters dropped; null when nothing is left or it is over
 * MAX_COLLECTION characters.
 */
export function normalizeCollection(name: string): string | null {
  const clean = wellFormed(name)
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .replace(/^#+/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  return clean && clean.length <= MAX_COLLECTION ? clean : null;
}

/** Collection names as normalizeCollection gives them, de-duplicated in first-seen order, unusable ones dropped. */
export function normalizeCollections(names: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    const clean = normalizeCollection(name);
    if (clean) seen.add(clean);
  }
  return [...seen];
}

/** Hashtags written in a caption ("#fyp #Foryou"), for formats that do not list them separately. */
export function hashtagsInCaption(caption: string): string[] {
  return normalizeHashtags(inlineHashtags(caption));
}

function bounded(text: string): string {
  if (text.length <= MAX_HOOK) return text;
  const cut = text.slice(0, MAX_HOOK);
  const space = cut.lastIndexOf(" ");
  return (space > MAX_HOOK / 2 ? cut.slice(0, space) : cut).trimEnd();
}

// A sentence ends at . ! ? … (and CJK 。！？) followed by a space or the end of the text.
const SENTENCE_END = /[.!?…。！？]+(?=\s|$)|[。！？]/u;

function firstSentence(text: string): string {
  const match = SENTENCE_END.exec(text);
  return (match ? text.slice(0, match.index + match[0].length) : text).trim();
}

/**
 * The opening hook: what the viewer hears or reads first.
 * - Transcript known: its lines are spoken fragments (auto-captions), so lines are joined until one ends a
 *   sentence or the text reaches HOOK_SPOKEN_MIN characters, then cut at the first sentence end.
 * - Otherwise the caption: hashtags and @mentions removed, cut at the first line break or sentence end.
 * Both are bounded to MAX_HOOK characters at a word boundary; null when nothing is left (hashtag-only caption).
 */
export function openingHook(transcript: string | null, caption: string): string | null {
  if (transcript?.trim()) {
    let spoken = "";
    for (const line of transcript.split(/\r?\n/)) {
      const clean = line.replace(/\s+/g, " ").trim();
      if (!clean) continue;
      spoken = spoken ? `${spoken} ${clean}` : clean;
      if (spoken.length >= HOOK_SPOKEN_MIN || SENTENCE_END.test(clean)) break;
    }
    const hook = bounded(firstSentence(spoken));
    if (hook) return hook;
  }
  const hook = bounded(firstSentence(firstCaptionLine(caption)));
  return hook || null;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The caption's first line with a letter or digit, hashtags and @mentions removed, spaces collapsed. */
function firstCaptionLine(caption: string): string {
  const text =
    caption.includes("#") || caption.includes("@") ? caption.replace(TAG_OR_MENTION, " ") : caption;
  for (const line of text.includes("\n") ? text.split(/\r?\n/) : [text]) {
    const clean = line.replace(/\s+/g, " ").trim();
    if (LETTER_OR_DIGIT.test(clean)) return clean;
  }
  return "";
}

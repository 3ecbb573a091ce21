/**
 * #hashtags and @mentions written inline in a caption. Their characters are letters with their combining
 * marks (a Hindi or Thai tag carries its vowel signs as marks, "#fypシ゚viral" a sound mark), digits and "_".
 */
const TAG_CHARS = "\\p{L}\\p{M}\\p{N}_";

const INLINE_HASHTAG = new RegExp(`#([${TAG_CHARS}]+)`, "gu");

/** #tags and @mentions (a handle may hold dots), for removal from a text. */
export const TAG_OR_MENTION = new RegExp(`[#@][${TAG_CHARS}.]+`, "gu");

/** The bodies of the inline #tags of a text, in order, as written ("#Foryou" → "Foryou"). */
export function inlineHashtags(text: string): string[] {
  return [...text.matchAll(INLINE_HASHTAG)].map((m) => m[1] as string);
}

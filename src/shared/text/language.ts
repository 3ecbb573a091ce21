import { TAG_OR_MENTION } from "./hashtags.js";

/**
 * A small language detector for captions and transcripts, for sources whose own language code is
 * unreliable (Apify's `textLanguage` marks English captions `ha`, hashtag-only captions `un`). Scripts
 * decide outright (Thai, Japanese kana, Korean Hangul, Chinese Han, Arabic, Cyrillic, Devanagari); Latin
 * text is scored by function words and, for Vietnamese, by its tone-marked letters. Returns null when the
 * text is too short or no language clearly leads: the caller then keeps the source's code.
 */

const STOPWORDS: Record<string, readonly string[]> = {
  en: [
    "the",
    "and",
    "is",
    "to",
    "of",
    "in",
    "this",
    "that",
    "for",
    "with",
    "you",
    "my",
    "it",
    "on",
    "are",
    "was",
    "your",
    "what",
    "how",
    "best",
    "when",
    "be",
    "at",
    "i",
    "we",
    "so",
    "not",
    "can",
    "have",
    "all",
    "just",
    "do",
    "one",
    "from",
    "here",
  ],
  vi: [
    "và",
    "là",
    "của",
    "có",
    "không",
    "cho",
    "này",
    "một",
    "những",
    "được",
    "với",
    "đi",
    "ở",
    "người",
    "các",
    "khi",
    "thì",
    "mình",
    "bạn",
    "rất",
    "nhé",
    "đẹp",
    "phòng",
    "khách",
    "sạn",
    "giá",
    "nè",
    "ạ",
    "quá",
  ],
  es: [
    "el",
    "la",
    "de",
    "que",
    "y",
    "en",
    "los",
    "las",
    "un",
    "una",
    "por",
    "con",
    "para",
    "es",
    "del",
    "se",
    "lo",
    "mi",
    "más",
    "pero",
    "como",
    "muy",
    "este",
    "esta",
    "al",
  ],
  de: [
    "der",
    "die",
    "das",
    "und",
    "ist",
    "nicht",
    "ich",
    "du",
    "mit",
    "ein",
    "eine",
    "zu",
    "auf",
    "für",
    "den",
    "dem",
    "von",
    "sich",
    "auch",
    "wie",
    "mein",
    "es",
    "im",
    "wir",
  ],
  id: [
    "yang",
    "dan",
    "di",
    "ini",
    "itu",
    "dengan",
    "untuk",
    "tidak",
    "ada",
    "aku",
    "kamu",
    "dari",
    "ke",
    "saya",
    "juga",
    "bisa",
    "banget",
    "sama",
    "kalau",
    "buat",
    "udah",
    "lagi",
    "mau",
    "hotel",
    "murah",
  ],
  fr: [
    "le",
    "la",
    "les",
    "et",
    "est",
    "des",
    "une",
    "un",
    "du",
    "pour",
    "pas",
    "que",
    "qui",
    "dans",
    "sur",
    "avec",
    "je",
    "tu",
    "mon",
    "ce",
  ],
  pt: [
    "o",
    "a",
    "os",
    "as",
    "de",
    "que",
    "e",
    "do",
    "da",
    "em",
    "um",
    "uma",
    "para",
    "com",
    "não",
    "é",
    "meu",
    "você",
    "isso",
  ],
  nl: [
    "de",
    "het",
    "een",
    "en",
    "van",
    "ik",
    "je",
    "niet",
    "is",
    "dat",
    "op",
    "met",
    "voor",
    "zijn",
    "maar",
    "wat",
  ],
};

const INDEX = new Map<string, string[]>();
for (const [lang, words] of Object.entries(STOPWORDS)) {
  for (const w of words) {
    const list = INDEX.get(w) ?? [];
    list.push(lang);
    INDEX.set(w, list);
  }
}

/** Letters only Vietnamese uses among the Latin-script languages (ơ, ư, ă, đ and the tone-marked vowels). */
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/giu;
const GERMAN_LETTERS = /[äöüß]/giu;
const SPANISH_LETTERS = /[ñ¿¡]/giu;

const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Thai}/u, "th"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Han}/u, "zh"],
  [/\p{Script=Arabic}/u, "ar"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Devanagari}/u, "hi"],
];

export interface DetectedLanguage {
  language: string;
  /** Share of the evidence for the winner (0..1). */
  confidence: number;
}

/** The text's language, or null when it cannot tell (hashtags and mentions are ignored). */
export function detectLanguage(text: string): DetectedLanguage | null {
  const body = text.replace(TAG_OR_MENTION, " ").replace(/https?:\/\/\S+/g, " ");
  // A script decides when it makes up a fair share of the letters.
  const letters = body.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return null;
  for (const [pattern, language] of SCRIPTS) {
    const global = new RegExp(pattern.source, "gu");
    const n = body.match(global)?.length ?? 0;
    if (n >= 2 && n / letters >= 0.3) return { language, confidence: Math.min(1, n / letters + 0.3) };
  }
  const scores = new Map<string, number>();
  const add = (lang: string, s: number) => scores.set(lang, (scores.get(lang) ?? 0) + s);
  const vietnamese = body.match(VIETNAMESE_LETTERS)?.length ?? 0;
  if (vietnamese > 0) add("vi", 1.5 * vietnamese);
  const german = body.match(GERMAN_LETTERS)?.length ?? 0;
  if (german > 0) add("de", german);
  const spanish = body.match(SPANISH_LETTERS)?.length ?? 0;
  if (spanish > 0) add("es", spanish);
  const words = body.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (const w of words) {
    const langs = INDEX.get(w);
    if (!langs) continue;
    for (const lang of langs) add(lang, 1 / langs.length);
  }
  let best: string | null = null;
  let bestScore = 0;
  let total = 0;
  for (const [lang, s] of scores) {
    total += s;
    if (s > bestScore) {
      best = lang;
      bestScore = s;
    }
  }
  // At least two pieces of evidence, and at least half of all of it.
  if (best === null || bestScore < 2 || bestScore / total < 0.5) return null;
  return { language: best, confidence: bestScore / total };
}

import { tokenize } from "./text.js";

/** Turns a hook into a unit-length vector; cosine similarity = dot product. A model-based one can replace it. */
export interface Embedder {
  readonly name: string;
  readonly dimensions: number;
  embed(text: string): Float32Array;
  /** Content words after canonicalisation: used to block candidate pairs (they must share one). */
  keys(text: string): string[];
}

/** Phrases and words that say the same thing in hooks, mapped to one concept. */
const PHRASES: [RegExp, string][] = [
  [/\b(no one|no-one|noone|nobody|none of you)\b/g, " NOBODY "],
  [/\b(wish i (had )?known|wish i knew|before you)\b/g, " WISHKNEW "],
  [/\b(stop|quit|never|don't|dont|avoid)\b/g, " STOP "],
];
const CONCEPTS: Record<string, string> = {
  tell: "TELL",
  tells: "TELL",
  told: "TELL",
  talk: "TELL",
  talks: "TELL",
  talking: "TELL",
  mention: "TELL",
  mentions: "TELL",
  mentioned: "TELL",
  say: "TELL",
  says: "TELL",
  said: "TELL",
  share: "TELL",
  shares: "TELL",
  secret: "SECRET",
  secrets: "SECRET",
  hidden: "SECRET",
  truth: "SECRET",
  trick: "SECRET",
  tricks: "SECRET",
  hack: "SECRET",
  hacks: "SECRET",
  mistake: "MISTAKE",
  mistakes: "MISTAKE",
  wrong: "MISTAKE",
  error: "MISTAKE",
  best: "BEST",
  top: "BEST",
  favorite: "BEST",
  favourite: "BEST",
  greatest: "BEST",
  worst: "WORST",
  how: "HOW",
  way: "HOW",
  ways: "HOW",
  steps: "HOW",
  guide: "HOW",
  tutorial: "HOW",
  why: "WHY",
  reason: "WHY",
  reasons: "WHY",
  pov: "POV",
  wait: "WAIT",
  watch: "WAIT",
  till: "WAIT",
  until: "WAIT",
  end: "WAIT",
  changed: "CHANGE",
  change: "CHANGE",
  transformed: "CHANGE",
  life: "CHANGE",
};
const STOP_WORDS = new Set(
  "a an the this that these those about of for to in on at by with and or but is are was were be it its i me my you your we our they their he she his her so just what who".split(
    " ",
  ),
);

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The offline default: canonical concept tokens (synonyms and paraphrase phrases folded), their bigrams,
 * and character trigrams of content words, feature-hashed with signs into `dimensions` and L2-normalised.
 * "nobody tells you this about X" and "the secret about X no one mentions" share NOBODY, TELL, SECRET and X.
 */
export class HashingEmbedder implements Embedder {
  readonly name = "hashing-v1";
  constructor(readonly dimensions = 128) {}

  private canon(text: string): string[] {
    let s = ` ${tokenize(text).join(" ")} `;
    for (const [pattern, concept] of PHRASES) s = s.replace(pattern, concept);
    const tokens = s
      .split(" ")
      .filter((t) => t.length > 0 && !STOP_WORDS.has(t))
      // Own properties only: a hook saying "constructor" must not pick up Object.prototype's (a function
      // as a token, and embed() threw on it).
      .map((t) => (Object.hasOwn(CONCEPTS, t) ? (CONCEPTS[t] as string) : t));
    // "nobody tells you" is a secret, whichever way it is phrased.
    if (tokens.includes("NOBODY") && tokens.includes("TELL")) tokens.push("SECRET");
    return tokens;
  }

  keys(text: string): string[] {
    return [...new Set(this.canon(text))];
  }

  embed(text: string): Float32Array {
    const v = new Float32Array(this.dimensions);
    const add = (feature: string, weight: number) => {
      const h = fnv1a(feature);
      v[h % this.dimensions] = (v[h % this.dimensions] ?? 0) + (h & 0x80000000 ? -weight : weight);
    };
    const tokens = this.canon(text);
    const unique = [...new Set(tokens)];
    for (const t of unique) add(`w:${t}`, 1);
    for (let i = 1; i < tokens.length; i++) add(`b:${tokens[i - 1]} ${tokens[i]}`, 0.4);
    for (const t of unique) {
      if (t === t.toUpperCase() && /[A-Z]/.test(t)) continue;
      const padded = `^${t}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, 0.25);
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) / norm;
    return v;
  }
}

export const defaultEmbedder: Embedder = new HashingEmbedder();

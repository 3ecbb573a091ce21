import { tokenize } from "../text.js";

/**
 * Turns a hook into a unit-length vector; cosine similarity = dot product. The default is the hook model
 * (hook-model.ts: rhetorical move + topic across the corpus languages). To plug in a real embedding model,
 * implement this interface over a model file on disk (e.g. an ONNX sentence encoder loaded at start-up; the
 * service downloads nothing at run time): `name` identifies the model and its version (stored lists and
 * blocking keys are recomputed when it changes), `dimensions` its output size (at most 65 535), `embed` an
 * L2-normalised vector (or the part of one that other texts can share: a feature only this text has may be
 * left out, so its length is below 1 and the dot product is still the cosine), `keys` the words candidate pairs are blocked on (e.g. the hook's content words, or
 * cluster ids of the vector), and `minSimilarity` the cosine below which a neighbour is not listed.
 */
export interface Embedder {
  readonly name: string;
  readonly dimensions: number;
  /** Neighbours less similar than this (cosine) are not listed; default: any positive similarity. */
  readonly minSimilarity?: number;
  /**
   * The unit vector of `text` (or its shared part, see above). With `into` (`dimensions` long), written there and returned: a caller that
   * embeds a whole corpus in turn (computeHookNeighbors) saves an allocation per text.
   */
  embed(text: string, into?: Float32Array): Float32Array;
  /**
   * Content words after canonicalisation: used to block candidate pairs (they must share one). Distinct,
   * non-empty and without spaces (hook_keys stores them space-separated).
   */
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

const FNV_PRIME = 0x01000193;

/** FNV-1a over `s`, continued from state `h` (the int32 state; `>>> 0` gives the hash). */
function fnvStep(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * Features are FNV-1a hashes of "w:" + token, "b:" + token + " " + token and "c:" + trigram. The hash is
 * streamed from the state after the prefix instead of over a built string: computeHookNeighbors embeds
 * every hook of the corpus, and building ~30 feature strings per hook cost more than hashing them.
 */
const WORD = fnvStep(0x811c9dc5, "w:");
const BIGRAM = fnvStep(0x811c9dc5, "b:");
const TRIGRAM = fnvStep(0x811c9dc5, "c:");
const SPACE = 0x20;
const CARET = 0x5e;
const DOLLAR = 0x24;

/**
 * The offline default: canonical concept tokens (synonyms and paraphrase phrases folded), their bigrams,
 * and character trigrams of content words, feature-hashed with signs into `dimensions` and L2-normalised.
 * "nobody tells you this about X" and "the secret about X no one mentions" share NOBODY, TELL, SECRET and X.
 */
export class HashingEmbedder implements Embedder {
  readonly name = "hashing-v1";
  // computeHookNeighbors asks keys() and embed() of the same hook in turn: the second call reuses the
  // tokens of the first (canon is about half the cost of an embedding). Callers never see these arrays.
  private lastText: string | undefined;
  private lastTokens: string[] = [];
  private lastUnique: string[] = [];
  /** dimensions - 1 when a power of two: h % dimensions as a mask (h is uint32, so % is a float modulo). */
  private readonly mask: number;
  constructor(readonly dimensions = 128) {
    const power = dimensions > 0 && dimensions <= 1 << 30 && (dimensions & (dimensions - 1)) === 0;
    this.mask = power ? dimensions - 1 : -1;
  }

  private canon(text: string): string[] {
    if (text === this.lastText) return this.lastTokens;
    let s = ` ${tokenize(text).join(" ")} `;
    for (const [pattern, concept] of PHRASES) s = s.replace(pattern, concept);
    const tokens: string[] = [];
    for (const t of s.split(" ")) {
      if (t.length === 0 || STOP_WORDS.has(t)) continue;
      // Own properties only: a hook saying "constructor" must not pick up Object.prototype's.
      tokens.push(Object.hasOwn(CONCEPTS, t) ? (CONCEPTS[t] as string) : t);
    }
    // "nobody tells you" is a secret, whichever way it is phrased.
    if (tokens.includes("NOBODY") && tokens.includes("TELL")) tokens.push("SECRET");
    this.lastText = text;
    this.lastTokens = tokens;
    this.lastUnique = [...new Set(tokens)];
    return tokens;
  }

  /** The distinct canonical tokens of `text`, in order of first appearance. */
  private unique(text: string): string[] {
    this.canon(text);
    return this.lastUnique;
  }

  keys(text: string): string[] {
    return [...this.unique(text)];
  }

  embed(text: string, into?: Float32Array): Float32Array {
    const dims = this.dimensions;
    const v = into ?? new Float32Array(dims);
    if (into) v.fill(0);
    const mask = this.mask;
    // Adds ±weight at the feature's slot; the hash's top bit is the sign.
    const add = (state: number, weight: number) => {
      const h = state >>> 0;
      const d = mask >= 0 ? state & mask : h % dims;
      v[d] = (v[d] as number) + (h & 0x80000000 ? -weight : weight);
    };
    const tokens = this.canon(text);
    const unique = this.unique(text);
    for (const t of unique) add(fnvStep(WORD, t), 1);
    for (let i = 1; i < tokens.length; i++) {
      const h = Math.imul(fnvStep(BIGRAM, tokens[i - 1] as string) ^ SPACE, FNV_PRIME);
      add(fnvStep(h, tokens[i] as string), 0.4);
    }
    for (const t of unique) {
      // Concept tokens (upper case) have no trigrams. A token starting a-z is not one: skip the test.
      const first = t.charCodeAt(0);
      if (!(first >= 0x61 && first <= 0x7a) && /[A-Z]/.test(t) && t === t.toUpperCase()) continue;
      // The trigrams of "^" + t + "$", read from t without building the padded string (t is never empty).
      let a = CARET;
      let b = t.charCodeAt(0);
      for (let i = 1; i <= t.length; i++) {
        const c = i < t.length ? t.charCodeAt(i) : DOLLAR;
        add(Math.imul(Math.imul(Math.imul(TRIGRAM ^ a, FNV_PRIME) ^ b, FNV_PRIME) ^ c, FNV_PRIME), 0.25);
        a = b;
        b = c;
      }
    }
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += (v[i] as number) * (v[i] as number);
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < dims; i++) v[i] = (v[i] as number) / norm;
    return v;
  }
}

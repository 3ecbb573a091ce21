import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../src/store/hooks/embedder.js";

/**
 * The feature hashing as it was written before it streamed the hash (feature strings built and hashed
 * whole), over the embedder's own canonical tokens: the streamed version must give the same float32 bits.
 */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function referenceEmbed(tokens: readonly string[], dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dimensions] = (v[h % dimensions] ?? 0) + (h & 0x80000000 ? -weight : weight);
  };
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

const WORDS = [
  "nobody",
  "tells",
  "you",
  "this",
  "about",
  "meal",
  "prep",
  "secret",
  "no",
  "one",
  "mentions",
  "wish",
  "i",
  "had",
  "known",
  "before",
  "stop",
  "don't",
  "avoid",
  "how",
  "why",
  "pov",
  "wait",
  "for",
  "it",
  "life",
  "changed",
  "crème",
  "brûlée",
  "straße",
  "İstanbul",
  "日本語",
  "ｆｕｌｌ",
  "𝐁𝐨𝐥𝐝",
  "ﬁx",
  "x",
  "a",
  "3",
  "constructor",
  "hidden",
  "truth",
  "best",
  "worst",
  "mistake",
  "!",
  "—",
  "#tag",
];

/** Deterministic pseudo-random hooks from WORDS (mulberry32). */
function hooks(count: number, seed: number): string[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 14) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(
      " ",
    ),
  );
}

describe("HashingEmbedder", () => {
  it("streams the same feature hashes as built feature strings, bit for bit", () => {
    for (const dims of [128, 7]) {
      const e = new HashingEmbedder(dims);
      for (const text of [...hooks(2_000, 7), "", "   ", "nobody tells you this"]) {
        // keys() first, as computeHookNeighbors calls them: embed() then reuses the canonical tokens.
        const tokens = e.keys(text);
        const got = e.embed(text);
        // The private canonical tokens (with repeats, in order): the input the hashing is checked on.
        const canon = (e as unknown as { canon(t: string): string[] }).canon(text);
        expect(new Set(canon)).toEqual(new Set(tokens));
        expect(Buffer.from(got.buffer)).toEqual(Buffer.from(referenceEmbed(canon, dims).buffer));
      }
    }
  });

  it("gives the same vector whether or not keys() of the same text came first, or into a reused array", () => {
    const e = new HashingEmbedder();
    const alone = new HashingEmbedder();
    const into = new Float32Array(e.dimensions);
    for (const text of hooks(500, 11)) {
      e.keys(text);
      const expected = Buffer.from(alone.embed(text).buffer);
      expect(Buffer.from(e.embed(text).buffer)).toEqual(expected);
      expect(e.embed(text, into)).toBe(into);
      expect(Buffer.from(into.buffer)).toEqual(expected);
      expect(e.keys(text)).toEqual(alone.keys(text));
    }
  });
});

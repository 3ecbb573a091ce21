import { normalizeTokens } from "../../shared/text/normalize.js";

/**
 * The `tsvector` of a video (videos.search_vector) and of a creator's names (engine_creators_search), built
 * app-side from the one search normaliser (shared/text/normalize.ts): exactly the tokens SQLite's FTS5
 * index holds (it is fed foldText output and splits on non-letters, non-digits), so folding and tokens are
 * identical on both stores. Query with `to_tsquery('simple', …)` over normalizeTokens output: the `simple`
 * configuration only lower-cases, which folded tokens already are.
 *
 * The literal is what `setweight(to_tsvector('simple', f1), w1) || setweight(…, w2) || …` gives for
 * space-separated tokens: positions from 1 per field, each field shifted by the previous fields' highest
 * position, capped as PostgreSQL caps them (positions ≤ 16383, 256 per lexeme, lexemes < 2048 bytes).
 */

const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 255;
const MAX_LEXEME_BYTES = 2047;

type Weight = "A" | "B" | "C" | "D";

/** A tsvector literal of weighted fields, in order. */
export function weightedVector(fields: readonly (readonly [string | null | undefined, Weight])[]): string {
  const lexemes = new Map<string, string[]>();
  let offset = 0;
  for (const [text, weight] of fields) {
    if (!text) continue;
    let position = 0;
    let highest = 0;
    for (const token of normalizeTokens(text)) {
      position += 1;
      if (Buffer.byteLength(token, "utf8") > MAX_LEXEME_BYTES) continue; // to_tsvector skips it too
      const at = Math.min(offset + position, MAX_POSITION);
      highest = Math.max(highest, offset + position);
      let list = lexemes.get(token);
      if (!list) {
        list = [];
        lexemes.set(token, list);
      }
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${at}${weight === "D" ? "" : weight}`);
    }
    offset = Math.min(highest, MAX_POSITION);
  }
  const parts: string[] = [];
  for (const [token, positions] of lexemes) {
    // Positions must be unique per lexeme (the cap can repeat 16383): keep the first weight given.
    const seen = new Set<number>();
    const unique = positions.filter((p) => {
      const n = Number.parseInt(p, 10);
      if (seen.has(n)) return false;
      seen.add(n);
      return true;
    });
    parts.push(`'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}':${unique.join(",")}`);
  }
  return parts.join(" ");
}

export interface VideoText {
  caption: string;
  hook_text: string | null;
  hashtags: string;
  transcript: string | null;
}

/** videos.search_vector: caption A, hook A, hashtags B, transcript D. */
export function videoSearchVector(video: VideoText): string {
  return weightedVector([
    [video.caption, "A"],
    [video.hook_text, "A"],
    [video.hashtags, "B"],
    [video.transcript, "D"],
  ]);
}

/** engine_creators_search.search_vector: handle A, former handles B, nickname C. */
export function creatorSearchVector(names: {
  handle: string;
  former_handles: string;
  nickname: string;
}): string {
  return weightedVector([
    [names.handle, "A"],
    [names.former_handles, "B"],
    [names.nickname, "C"],
  ]);
}

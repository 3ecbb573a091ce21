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

const WEIGHTS: readonly Weight[] = ["A", "B", "C", "D"];

/** A tsvector literal of weighted fields, in order. */
export function weightedVector(fields: readonly (readonly [string | null | undefined, Weight])[]): string {
  // Per lexeme, its positions as position * 4 + weight index (A = 0 … D = 3).
  const lexemes = new Map<string, number[]>();
  let offset = 0;
  let capped = false;
  for (const [text, weight] of fields) {
    if (!text) continue;
    const w = WEIGHTS.indexOf(weight);
    const tokens = normalizeTokens(text);
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i] as string;
      // to_tsvector skips a lexeme of 2048 bytes or more (a UTF-16 unit is at most 3 UTF-8 bytes)
      if (token.length > 682 && Buffer.byteLength(token, "utf8") > MAX_LEXEME_BYTES) continue;
      let at = offset + i + 1;
      if (at > MAX_POSITION) {
        at = MAX_POSITION;
        capped = true;
      }
      const list = lexemes.get(token);
      if (!list) lexemes.set(token, [at * 4 + w]);
      else if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(at * 4 + w);
    }
    offset = Math.min(offset + tokens.length, MAX_POSITION);
  }
  let out = "";
  for (const [token, positions] of lexemes) {
    out += out ? " '" : "'";
    out += /['\\]/.test(token) ? token.replace(/\\/g, "\\\\").replace(/'/g, "''") : token;
    out += "':";
    let last = -1;
    let first = true;
    for (const p of positions) {
      const at = p >> 2;
      if (capped && at === last) continue; // the cap repeats 16383: one position per lexeme
      last = at;
      out += first ? "" : ",";
      first = false;
      out += at;
      const weight = p & 3;
      if (weight !== 3) out += WEIGHTS[weight];
    }
  }
  return out;
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

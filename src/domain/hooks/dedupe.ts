import { normalizeTokens } from "../../shared/text/normalize.js";

/** Token-set overlap (Jaccard) at or above which two captions count as the same post. */
const NEAR_DUPLICATE = 0.85;

function tokenSet(text: string): Set<string> {
  return new Set(normalizeTokens(text));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Similar-hook lists without near-duplicates: a neighbour whose caption + hook is (nearly) the same text
 * as the query video's or as a better-ranked neighbour's — a re-upload, the same caption posted twice —
 * is dropped, so the list shows different hooks. `textOf` gives an item's caption + hook.
 */
export function collapseNearDuplicates<T>(
  queryText: string,
  items: readonly T[],
  textOf: (item: T) => string,
): T[] {
  const kept: Set<string>[] = [tokenSet(queryText)];
  const out: T[] = [];
  for (const item of items) {
    const tokens = tokenSet(textOf(item));
    if (kept.some((k) => jaccard(k, tokens) >= NEAR_DUPLICATE)) continue;
    kept.push(tokens);
    out.push(item);
  }
  return out;
}

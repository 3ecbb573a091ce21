import type { PagePosition } from "../../shared/principal.js";
import type { KeysetPosition } from "../../store/types.js";

export type { KeysetPosition };

/**
 * Keyset position for lists ordered by `key DESC, id DESC`: the last item's key and id. Anything that
 * does not look like one (altered, from another list) restarts from the top rather than failing.
 */
export function readKeyset(after: PagePosition | null | undefined): KeysetPosition | null {
  if (!after || typeof after !== "object" || Array.isArray(after)) return null;
  const { k, id } = after as Record<string, PagePosition>;
  return typeof k === "number" && typeof id === "string" ? { k, id } : null;
}

/** Takes a page of `limit` from rows already sorted and filtered past the position. */
export function pageOf<T extends { key: number; id: string }>(
  rows: readonly T[],
  limit: number,
): { page: T[]; next: KeysetPosition | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last ? { k: last.key, id: last.id } : null };
}

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

/** True when (key, id) sorts after the position in `key DESC, id DESC` order. */
export function isAfter(key: number, id: string, pos: KeysetPosition | null): boolean {
  if (!pos) return true;
  return key < pos.k || (key === pos.k && id < pos.id);
}

export function compareDesc(a: { key: number; id: string }, b: { key: number; id: string }): number {
  if (a.key !== b.key) return b.key - a.key;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
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

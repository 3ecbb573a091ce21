import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ServiceError } from "../shared/errors.js";
import type { PagePosition } from "./types.js";

/** Cursors live 24 h and one traversal stops at 20 pages (the contract's bounds). */
export const CURSOR_TTL_SECONDS = 24 * 3600;
export const MAX_PAGES = 20;
export const MAX_CURSOR_LENGTH = 4096;

interface CursorPayload {
  /** Resume position produced by the domain. */
  p: PagePosition;
  /** Page number this cursor fetches (2 for the first next_cursor). */
  n: number;
  /** Hash of the tool and the query (everything but cursor and limit) that made it. */
  q: string;
  /** Organisation the cursor was issued to. */
  o: string;
  /** Expiry, Unix seconds. */
  e: number;
}

/** The single answer for every bad cursor, so a probe learns nothing about why. */
export const invalidCursor = () =>
  new ServiceError("invalid_cursor", 400, "Invalid cursor", {
    detail:
      "The cursor is not valid for this query: it was altered, has expired, or belongs to another query.",
    hint: "Send meta.next_cursor unchanged with the same parameters as the first page, within 24 hours; or start again without a cursor.",
    extra: { parameter: "cursor" },
  });

/** Stable hash of a query: the tool plus every parameter except `cursor` and `limit` (page size may change). */
export function queryHash(tool: string, input: Record<string, unknown>): string {
  const entries = Object.entries(input)
    .filter(([k, v]) => k !== "cursor" && k !== "limit" && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify([tool, entries]))
    .digest("base64url")
    .slice(0, 22);
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", `cursor:${secret}`).update(body).digest("base64url");
}

export function encodeCursor(
  secret: string,
  fields: { position: PagePosition; page: number; query: string; orgId: string; now: number },
): string {
  const payload: CursorPayload = {
    p: fields.position,
    n: fields.page,
    q: fields.query,
    o: fields.orgId,
    e: fields.now + CURSOR_TTL_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

/** Verifies signature, expiry, organisation and query binding; returns the position and page number. */
export function decodeCursor(
  secret: string,
  cursor: string,
  expected: { query: string; orgId: string; now: number },
): { position: PagePosition; page: number } {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const dot = cursor.indexOf(".");
  if (dot <= 0 || dot !== cursor.lastIndexOf(".")) throw invalidCursor();
  const body = cursor.slice(0, dot);
  const mac = Buffer.from(cursor.slice(dot + 1), "base64url");
  const good = Buffer.from(sign(secret, body), "base64url");
  if (mac.length !== good.length || !timingSafeEqual(mac, good)) throw invalidCursor();
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as CursorPayload;
  } catch {
    throw invalidCursor();
  }
  if (
    typeof payload !== "object" ||
    payload === null ||
    payload.q !== expected.query ||
    payload.o !== expected.orgId ||
    typeof payload.e !== "number" ||
    payload.e <= expected.now ||
    !Number.isInteger(payload.n) ||
    payload.n < 2 ||
    payload.n > MAX_PAGES
  ) {
    throw invalidCursor();
  }
  return { position: payload.p, page: payload.n };
}

import { describe, expect, it } from "vitest";
import {
  CURSOR_TTL_SECONDS,
  decodeCursor,
  encodeCursor,
  MAX_CURSOR_LENGTH,
  MAX_PAGES,
  queryHash,
} from "../../../src/registry/cursor.js";

const SECRET = "cursor-test-secret";
const NOW = 1_800_000_000;
const query = queryHash("service_list_things", { q: "x", region: "US" });
const issue = (fields: Partial<Parameters<typeof encodeCursor>[1]> = {}) =>
  encodeCursor(SECRET, { position: ["2024-01-01", 42], page: 2, query, orgId: "org-a", now: NOW, ...fields });
const expected = { query, orgId: "org-a", now: NOW + 60 };

/** Re-signs nothing: swaps the payload of a cursor, keeping its signature. */
const withPayload = (cursor: string, payload: unknown) =>
  `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${cursor.split(".")[1]}`;

describe("queryHash", () => {
  it("ignores cursor, limit, undefined values and key order; tells tools and other values apart", () => {
    const base = queryHash("t", { a: 1, b: "x" });
    expect(queryHash("t", { b: "x", a: 1, limit: 7, cursor: "c", z: undefined })).toBe(base);
    expect(queryHash("t", { a: 2, b: "x" })).not.toBe(base);
    expect(queryHash("u", { a: 1, b: "x" })).not.toBe(base);
    expect(queryHash("t", { a: "1", b: "x" })).not.toBe(base);
  });
});

describe("cursors", () => {
  it("round-trip their position and page", () => {
    expect(decodeCursor(SECRET, issue(), expected)).toEqual({ position: ["2024-01-01", 42], page: 2 });
    expect(decodeCursor(SECRET, issue({ page: MAX_PAGES }), expected).page).toBe(MAX_PAGES);
  });

  it("are refused, with one answer for every cause, when…", () => {
    const cursor = issue();
    const [body, mac] = cursor.split(".") as [string, string];
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    const refused: [string, string, Partial<typeof expected>?][] = [
      ["altered payload", `${flip(body, 5)}.${mac}`],
      ["altered signature", `${body}.${flip(mac, 3)}`],
      ["signature cut short", `${body}.${mac.slice(0, 10)}`],
      ["no signature", body],
      ["two dots", `${body}.${mac}.x`],
      ["leading dot", `.${mac}`],
      [
        "signed with another secret",
        encodeCursor("other", { position: 1, page: 2, query, orgId: "org-a", now: NOW }),
      ],
      ["another organisation", cursor, { orgId: "org-b" }],
      ["another query", cursor, { query: queryHash("service_list_things", { q: "y", region: "US" }) }],
      ["expired", cursor, { now: NOW + CURSOR_TTL_SECONDS }],
      ["over the length bound", `${"a".repeat(MAX_CURSOR_LENGTH)}.${mac}`],
      ["page beyond the cap", issue({ page: MAX_PAGES + 1 })],
      ["page below 2", issue({ page: 1 })],
      ["fractional page", issue({ page: 2.5 })],
    ];
    for (const [why, text, overrides] of refused) {
      let error: unknown;
      try {
        decodeCursor(SECRET, text, { ...expected, ...overrides });
      } catch (e) {
        error = e;
      }
      expect(error, why).toMatchObject({
        code: "invalid_cursor",
        status: 400,
        extra: { parameter: "cursor" },
      });
    }
  });

  it("a payload swapped under a valid signature fails the signature check", () => {
    const cursor = issue();
    const forged = withPayload(cursor, {
      p: 0,
      n: 2,
      q: query,
      o: "org-a",
      e: NOW + 10 * CURSOR_TTL_SECONDS,
    });
    expect(() => decodeCursor(SECRET, forged, expected)).toThrow(/altered, has expired/);
  });

  it("expire exactly CURSOR_TTL_SECONDS after issue", () => {
    const cursor = issue();
    expect(() =>
      decodeCursor(SECRET, cursor, { ...expected, now: NOW + CURSOR_TTL_SECONDS - 1 }),
    ).not.toThrow();
    expect(() => decodeCursor(SECRET, cursor, { ...expected, now: NOW + CURSOR_TTL_SECONDS })).toThrow();
  });
});

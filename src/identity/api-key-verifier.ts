import type { Scope } from "../shared/principal.js";
import type { Db } from "../store/connection.js";
import { recordKeyEvent } from "./audit.js";
import { digestKey, digestsEqual, parseKeyPrefix } from "./key-material.js";
import { type KeyRow, keyState } from "./keys.js";
import { knownScopes } from "./scopes.js";

/** `last_used_at` and the `use` audit event are written at most once per key per this many seconds. */
export const USE_RECORD_INTERVAL_SECONDS = 60;

export type ApiKeyCheck =
  | {
      ok: true;
      keyId: string;
      prefix: string;
      userId: string;
      orgId: string;
      scopes: Scope[];
      expiresAt: number | null;
      /** When the key was last recorded as used (as read with it): spares a write when that is recent. */
      lastUsedAt: number | null;
    }
  | { ok: false; reason: "malformed" | "unknown" | "digest_mismatch" | "revoked" | "rotated" | "expired" };

// Compared against when the prefix is unknown, so a miss costs the same HMAC + compare as a hit.
const DUMMY_DIGEST = `v1:${"0".repeat(64)}`;

/** Verifies a presented key: prefix lookup, constant-time digest compare, then its state. */
export function createApiKeyVerifier(db: Db, pepper: string) {
  const byPrefix = db.prepare("SELECT * FROM api_keys WHERE prefix = ?");
  // One conditional UPDATE bounds both writes: only the request that moves last_used_at logs a `use` event.
  const touch = db.prepare(
    "UPDATE api_keys SET last_used_at = @now WHERE id = @id AND (last_used_at IS NULL OR last_used_at <= @now - @interval)",
  );

  /** Call once the whole request is authenticated: a refused request is not a use. */
  function recordUse(
    key: { keyId: string; prefix: string; userId: string; orgId: string; lastUsedAt?: number | null },
    now: number,
  ): void {
    // The row read with the key already says the UPDATE would change nothing: skip the write transaction.
    if (key.lastUsedAt != null && key.lastUsedAt > now - USE_RECORD_INTERVAL_SECONDS) return;
    const moved = touch.run({ now, id: key.keyId, interval: USE_RECORD_INTERVAL_SECONDS }).changes === 1;
    if (!moved) return;
    recordKeyEvent(db, {
      event: "use",
      keyId: key.keyId,
      keyPrefix: key.prefix,
      orgId: key.orgId,
      userId: key.userId,
      actor: `user:${key.userId}`,
      at: now,
    });
  }

  function verify(presented: string, now: number): ApiKeyCheck {
    const prefix = parseKeyPrefix(presented);
    if (!prefix) return { ok: false, reason: "malformed" };
    const row = byPrefix.get(prefix) as KeyRow | undefined;
    const expected = row?.digest_version === 1 ? row.digest : DUMMY_DIGEST;
    const matches = digestsEqual(digestKey(presented, pepper), expected);
    if (!row) return { ok: false, reason: "unknown" };
    if (!matches) return { ok: false, reason: "digest_mismatch" };
    const state = keyState(row, now);
    if (state !== "active") return { ok: false, reason: state };
    return {
      ok: true,
      keyId: row.id,
      prefix: row.prefix,
      userId: row.user_id,
      orgId: row.org_id,
      scopes: knownScopes(row.scopes),
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
    };
  }

  return { verify, recordUse };
}

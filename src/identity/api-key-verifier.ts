import type { Scope } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import { recordKeyEvent } from "./audit.js";
import { digestKey, digestsEqual, parseKeyPrefix } from "./key-material.js";
import { type KeyRow, keyState } from "./keys.js";
import type { Subscription } from "./orgs.js";
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
      /** The key's organisation's subscription, read in the same statement; null when the row is missing. */
      orgSubscription: Subscription | null;
    }
  | { ok: false; reason: "malformed" | "unknown" | "digest_mismatch" | "revoked" | "rotated" | "expired" };

// Compared against when the prefix is unknown, so a miss costs the same HMAC + compare as a hit.
const DUMMY_DIGEST = `v1:${"0".repeat(64)}`;

// The hot path: one statement per request reads the key and its organisation's subscription.
const BY_PREFIX = `SELECT k.*, o.subscription AS org_subscription
  FROM api_keys k LEFT JOIN organisations o ON o.id = k.org_id WHERE k.prefix = ?`;
// One conditional UPDATE bounds both writes: only the request that moves last_used_at logs a `use` event.
const TOUCH =
  "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)";

/** Verifies a presented key: prefix lookup, constant-time digest compare, then its state. */
export function createApiKeyVerifier(sql: SqlClient, pepper: string) {
  /** Call once the whole request is authenticated: a refused request is not a use. */
  async function recordUse(
    key: { keyId: string; prefix: string; userId: string; orgId: string; lastUsedAt?: number | null },
    now: number,
  ): Promise<void> {
    // The row read with the key already says the UPDATE would change nothing: skip the write.
    if (key.lastUsedAt != null && key.lastUsedAt > now - USE_RECORD_INTERVAL_SECONDS) return;
    const { changes } = await sql.run(TOUCH, [now, key.keyId, now - USE_RECORD_INTERVAL_SECONDS]);
    if (changes !== 1) return;
    await recordKeyEvent(sql, {
      event: "use",
      keyId: key.keyId,
      keyPrefix: key.prefix,
      orgId: key.orgId,
      userId: key.userId,
      actor: `user:${key.userId}`,
      at: now,
    });
  }

  async function verify(presented: string, now: number): Promise<ApiKeyCheck> {
    const prefix = parseKeyPrefix(presented);
    if (!prefix) return { ok: false, reason: "malformed" };
    const row = await sql.get<KeyRow & { org_subscription: Subscription | null }>(BY_PREFIX, [prefix]);
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
      orgSubscription: row.org_subscription,
    };
  }

  return { verify, recordUse };
}

import { randomUUID } from "node:crypto";
import { ALL_SCOPES, type Scope } from "../shared/principal.js";
import type { Db } from "../store/connection.js";
import { recordKeyEvent } from "./audit.js";
import { IdentityError } from "./identity-error.js";
import { CURRENT_DIGEST_VERSION, digestKey, maskKey, mintKeyMaterial } from "./key-material.js";
import { formatScopes, knownScopes } from "./scopes.js";
import { type Membership, requireMembership } from "./users.js";

export type KeyState = "active" | "expired" | "rotated" | "revoked";

/** A key as listings show it: masked, never with its secret or digest. */
export interface KeySummary {
  id: string;
  prefix: string;
  masked: string;
  orgId: string;
  userId: string;
  userEmail: string;
  isDefault: boolean;
  label: string;
  scopes: Scope[];
  state: KeyState;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  revokedAt: number | null;
  rotatedAt: number | null;
  replacedBy: string | null;
}

/** Returned once, when a secret is minted (reveal, create, rotate). */
export interface IssuedKey {
  id: string;
  secret: string;
  prefix: string;
  scopes: Scope[];
}

export interface KeyRow {
  id: string;
  prefix: string;
  digest: string;
  digest_version: number;
  user_id: string;
  org_id: string;
  membership_id: string;
  is_default: number;
  label: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
  rotated_at: number | null;
  replaced_by: string | null;
}

export function keyState(row: KeyRow, now: number): KeyState {
  if (row.revoked_at !== null) return "revoked";
  if (row.rotated_at !== null) return "rotated";
  if (row.expires_at !== null && row.expires_at <= now) return "expired";
  return "active";
}

interface IssueInput {
  membership: Membership;
  isDefault: boolean;
  label: string;
  scopes: Scope[];
  expiresAt: number | null;
}

// Prefixes are random (36^8); the unique index catches the rare collision and we draw again.
function insertKey(db: Db, pepper: string, input: IssueInput, now: number): IssuedKey {
  for (let attempt = 0; ; attempt++) {
    const { key, prefix } = mintKeyMaterial();
    const id = randomUUID();
    try {
      db.prepare(
        `INSERT INTO api_keys (id, prefix, digest, digest_version, user_id, org_id, membership_id, is_default,
           label, scopes, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        prefix,
        digestKey(key, pepper),
        CURRENT_DIGEST_VERSION,
        input.membership.userId,
        input.membership.orgId,
        input.membership.id,
        input.isDefault ? 1 : 0,
        input.label,
        formatScopes(input.scopes),
        now,
        input.expiresAt,
      );
      return { id, secret: key, prefix, scopes: input.scopes };
    } catch (error) {
      const collided = (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE";
      if (!collided || attempt >= 4 || !String((error as Error).message).includes("prefix")) throw error;
    }
  }
}

function liveDefaultKey(db: Db, membershipId: string): KeyRow | undefined {
  return db
    .prepare(
      `SELECT * FROM api_keys WHERE membership_id = ? AND is_default = 1
       AND revoked_at IS NULL AND rotated_at IS NULL`,
    )
    .get(membershipId) as KeyRow | undefined;
}

/**
 * Fills the membership's default key slot (both scopes) and returns its secret, once. When the slot already
 * holds a live key (even an expired one) it refuses: the secret cannot be shown again, rotate instead.
 * A slot emptied by revocation can be revealed again.
 */
export function revealDefaultKey(
  db: Db,
  pepper: string,
  who: { orgName: string; email: string; actor: string },
  now: number,
): IssuedKey {
  const membership = requireMembership(db, who.orgName, who.email);
  return issueDefaultKey(db, pepper, membership, who.actor, now);
}

export function issueDefaultKey(
  db: Db,
  pepper: string,
  membership: Membership,
  actor: string,
  now: number,
): IssuedKey {
  return db.transaction(() => {
    const existing = liveDefaultKey(db, membership.id);
    if (existing)
      throw new IdentityError(
        `the default key (${maskKey(existing.prefix)}, id ${existing.id}) was already revealed and cannot be shown again; rotate it with 'crs keys rotate ${existing.id}'`,
      );
    const issued = insertKey(
      db,
      pepper,
      { membership, isDefault: true, label: "default", scopes: [...ALL_SCOPES], expiresAt: null },
      now,
    );
    audit(db, "reveal", issued.id, issued.prefix, membership, actor, now);
    return issued;
  })();
}

/** An additional key for the membership: `content:read` always, `agent:request` optional. */
export function createKey(
  db: Db,
  pepper: string,
  input: {
    orgName: string;
    email: string;
    scopes: Scope[];
    label?: string;
    expiresAt?: number | null;
    actor: string;
  },
  now: number,
): IssuedKey {
  const membership = requireMembership(db, input.orgName, input.email);
  if (!input.scopes.includes("content:read"))
    throw new IdentityError("every key needs scope 'content:read' ('agent:request' is optional)");
  if (input.expiresAt != null && input.expiresAt <= now)
    throw new IdentityError("the expiry must be in the future");
  return db.transaction(() => {
    const issued = insertKey(
      db,
      pepper,
      {
        membership,
        isDefault: false,
        label: input.label ?? "",
        scopes: ALL_SCOPES.filter((s) => input.scopes.includes(s)),
        expiresAt: input.expiresAt ?? null,
      },
      now,
    );
    audit(db, "create", issued.id, issued.prefix, membership, input.actor, now);
    return issued;
  })();
}

/** A key by id, or by its prefix (with or without the `crs_` and mask decoration). */
export function findKey(db: Db, idOrPrefix: string): KeyRow | undefined {
  const prefix = idOrPrefix.replace(/^crs_/, "").replace(/_…?$/, "");
  return db.prepare("SELECT * FROM api_keys WHERE id = ? OR prefix = ?").get(idOrPrefix, prefix) as
    | KeyRow
    | undefined;
}

function requireKey(db: Db, idOrPrefix: string): KeyRow {
  const row = findKey(db, idOrPrefix);
  if (!row) throw new IdentityError(`unknown key '${idOrPrefix}'`);
  return row;
}

/**
 * Replaces the key with a new secret in the same slot (same scopes, label, default flag); the old secret
 * stops working at once. An expiring key keeps its lifetime: the new one expires as long after now as the
 * old one was meant to live.
 */
export function rotateKey(db: Db, pepper: string, idOrPrefix: string, actor: string, now: number): IssuedKey {
  return db.transaction(() => {
    const old = requireKey(db, idOrPrefix);
    if (old.revoked_at !== null) throw new IdentityError(`key ${old.id} is revoked; create a new key`);
    if (old.rotated_at !== null)
      throw new IdentityError(`key ${old.id} was already rotated; rotate its replacement ${old.replaced_by}`);
    const lifetime = old.expires_at === null ? null : old.expires_at - old.created_at;
    // The slot's unique index allows one live default key: retire the old row before inserting the new one.
    db.prepare("UPDATE api_keys SET rotated_at = ? WHERE id = ?").run(now, old.id);
    const membership = { id: old.membership_id, userId: old.user_id, orgId: old.org_id, createdAt: 0 };
    const issued = insertKey(
      db,
      pepper,
      {
        membership,
        isDefault: old.is_default === 1,
        label: old.label,
        scopes: knownScopes(old.scopes),
        expiresAt: lifetime === null ? null : now + lifetime,
      },
      now,
    );
    db.prepare("UPDATE api_keys SET replaced_by = ? WHERE id = ?").run(issued.id, old.id);
    audit(db, "rotate", old.id, old.prefix, membership, actor, now, `replaced by ${issued.prefix}`);
    return issued;
  })();
}

export function revokeKey(db: Db, idOrPrefix: string, actor: string, now: number): KeySummary {
  return db.transaction(() => {
    const row = requireKey(db, idOrPrefix);
    if (row.revoked_at !== null) throw new IdentityError(`key ${row.id} is already revoked`);
    if (row.rotated_at !== null)
      throw new IdentityError(`key ${row.id} was rotated and no longer works; revoke ${row.replaced_by}`);
    db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").run(now, row.id);
    const membership = { id: row.membership_id, userId: row.user_id, orgId: row.org_id, createdAt: 0 };
    audit(db, "revoke", row.id, row.prefix, membership, actor, now);
    return getKeySummary(db, row.id, now);
  })();
}

export function listKeys(db: Db, orgId: string, now: number): KeySummary[] {
  const rows = db
    .prepare(
      `SELECT k.*, u.email AS user_email FROM api_keys k JOIN users u ON u.id = k.user_id
       WHERE k.org_id = ? ORDER BY k.created_at, k.rowid`,
    )
    .all(orgId) as (KeyRow & { user_email: string })[];
  return rows.map((r) => summarise(r, now));
}

export function getKeySummary(db: Db, id: string, now: number): KeySummary {
  const row = db
    .prepare(
      "SELECT k.*, u.email AS user_email FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.id = ?",
    )
    .get(id) as (KeyRow & { user_email: string }) | undefined;
  if (!row) throw new IdentityError(`unknown key '${id}'`);
  return summarise(row, now);
}

function summarise(r: KeyRow & { user_email: string }, now: number): KeySummary {
  return {
    id: r.id,
    prefix: r.prefix,
    masked: maskKey(r.prefix),
    orgId: r.org_id,
    userId: r.user_id,
    userEmail: r.user_email,
    isDefault: r.is_default === 1,
    label: r.label,
    scopes: knownScopes(r.scopes),
    state: keyState(r, now),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    rotatedAt: r.rotated_at,
    replacedBy: r.replaced_by,
  };
}

function audit(
  db: Db,
  event: "reveal" | "create" | "rotate" | "revoke",
  keyId: string,
  keyPrefix: string,
  membership: Membership,
  actor: string,
  at: number,
  detail = "",
): void {
  recordKeyEvent(db, {
    event,
    keyId,
    keyPrefix,
    orgId: membership.orgId,
    userId: membership.userId,
    actor,
    at,
    detail,
  });
}

import { randomUUID } from "node:crypto";
import { ALL_SCOPES, type Scope } from "../shared/principal.js";
import type { SqlClient } from "../store/sql-client.js";
import { recordKeyEvent } from "./audit.js";
import { IdentityError } from "./identity-error.js";
import { CURRENT_DIGEST_VERSION, digestKey, maskKey, mintKeyMaterial } from "./key-material.js";
import { formatScopes, knownScopes } from "./scopes.js";
import { isUniqueViolation } from "./unique-violation.js";
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

// Prefixes are random (36^8): a collision with an existing prefix inserts nothing and we draw again (no
// constraint error, which would end a PostgreSQL transaction).
async function insertKey(sql: SqlClient, pepper: string, input: IssueInput, now: number): Promise<IssuedKey> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { key, prefix } = mintKeyMaterial();
    const id = randomUUID();
    const { changes } = await sql.run(
      `INSERT INTO api_keys (id, prefix, digest, digest_version, user_id, org_id, membership_id, is_default,
         label, scopes, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (prefix) DO NOTHING`,
      [
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
      ],
    );
    if (changes === 1) return { id, secret: key, prefix, scopes: input.scopes };
  }
  throw new Error("could not draw an unused key prefix in 5 attempts");
}

function liveDefaultKey(sql: SqlClient, membershipId: string): Promise<KeyRow | undefined> {
  return sql.get<KeyRow>(
    `SELECT * FROM api_keys WHERE membership_id = ? AND is_default = 1
     AND revoked_at IS NULL AND rotated_at IS NULL`,
    [membershipId],
  );
}

const alreadyRevealed = (existing: KeyRow) =>
  new IdentityError(
    `the default key (${maskKey(existing.prefix)}, id ${existing.id}) was already revealed and cannot be shown again; rotate it with 'crs keys rotate ${existing.id}'`,
  );

/**
 * Fills the membership's default key slot (both scopes) and returns its secret, once. When the slot already
 * holds a live key (even an expired one) it refuses: the secret cannot be shown again, rotate instead.
 * A slot emptied by revocation can be revealed again.
 */
export async function revealDefaultKey(
  sql: SqlClient,
  pepper: string,
  who: { orgName: string; email: string; actor: string },
  now: number,
): Promise<IssuedKey> {
  const membership = await requireMembership(sql, who.orgName, who.email);
  return issueDefaultKey(sql, pepper, membership, who.actor, now);
}

export async function issueDefaultKey(
  sql: SqlClient,
  pepper: string,
  membership: Membership,
  actor: string,
  now: number,
): Promise<IssuedKey> {
  try {
    return await sql.transaction(async (tx) => {
      const existing = await liveDefaultKey(tx, membership.id);
      if (existing) throw alreadyRevealed(existing);
      const issued = await insertKey(
        tx,
        pepper,
        { membership, isDefault: true, label: "default", scopes: [...ALL_SCOPES], expiresAt: null },
        now,
      );
      await audit(tx, "reveal", issued.id, issued.prefix, membership, actor, now);
      return issued;
    });
  } catch (error) {
    // Another process filled the slot between the check and the insert (PostgreSQL): the same refusal.
    const existing = isUniqueViolation(error) ? await liveDefaultKey(sql, membership.id) : undefined;
    if (existing) throw alreadyRevealed(existing);
    throw error;
  }
}

/** An additional key for the membership: `content:read` always, `agent:request` optional. */
export async function createKey(
  sql: SqlClient,
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
): Promise<IssuedKey> {
  const membership = await requireMembership(sql, input.orgName, input.email);
  if (!input.scopes.includes("content:read"))
    throw new IdentityError("every key needs scope 'content:read' ('agent:request' is optional)");
  if (input.expiresAt != null && input.expiresAt <= now)
    throw new IdentityError("the expiry must be in the future");
  return sql.transaction(async (tx) => {
    const issued = await insertKey(
      tx,
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
    await audit(tx, "create", issued.id, issued.prefix, membership, input.actor, now);
    return issued;
  });
}

/** A key by id, or by its prefix (with or without the `crs_` and mask decoration). */
export function findKey(sql: SqlClient, idOrPrefix: string): Promise<KeyRow | undefined> {
  const prefix = idOrPrefix.replace(/^crs_/, "").replace(/_…?$/, "");
  return sql.get<KeyRow>("SELECT * FROM api_keys WHERE id = ? OR prefix = ?", [idOrPrefix, prefix]);
}

async function requireKey(sql: SqlClient, idOrPrefix: string): Promise<KeyRow> {
  const row = await findKey(sql, idOrPrefix);
  if (!row) throw new IdentityError(`unknown key '${idOrPrefix}'`);
  return row;
}

function checkRotatable(row: KeyRow): void {
  if (row.revoked_at !== null) throw new IdentityError(`key ${row.id} is revoked; create a new key`);
  if (row.rotated_at !== null)
    throw new IdentityError(`key ${row.id} was already rotated; rotate its replacement ${row.replaced_by}`);
}

function checkRevocable(row: KeyRow): void {
  if (row.revoked_at !== null) throw new IdentityError(`key ${row.id} is already revoked`);
  if (row.rotated_at !== null)
    throw new IdentityError(`key ${row.id} was rotated and no longer works; revoke ${row.replaced_by}`);
}

/**
 * Retires a live key (sets `column` to now) unless another process retired it since it was read: then the
 * refusal is the one its new state calls for.
 */
async function retire(
  tx: SqlClient,
  row: KeyRow,
  column: "rotated_at" | "revoked_at",
  now: number,
  check: (row: KeyRow) => void,
): Promise<void> {
  const { changes } = await tx.run(
    `UPDATE api_keys SET ${column} = ? WHERE id = ? AND revoked_at IS NULL AND rotated_at IS NULL`,
    [now, row.id],
  );
  if (changes === 1) return;
  check(await requireKey(tx, row.id));
  throw new IdentityError(`key ${row.id} changed meanwhile; try again`);
}

/**
 * Replaces the key with a new secret in the same slot (same scopes, label, default flag); the old secret
 * stops working at once. An expiring key keeps its lifetime: the new one expires as long after now as the
 * old one was meant to live.
 */
export async function rotateKey(
  sql: SqlClient,
  pepper: string,
  idOrPrefix: string,
  actor: string,
  now: number,
): Promise<IssuedKey> {
  return sql.transaction(async (tx) => {
    const old = await requireKey(tx, idOrPrefix);
    checkRotatable(old);
    const lifetime = old.expires_at === null ? null : old.expires_at - old.created_at;
    // The slot's unique index allows one live default key: retire the old row before inserting the new one.
    await retire(tx, old, "rotated_at", now, checkRotatable);
    const membership = { id: old.membership_id, userId: old.user_id, orgId: old.org_id, createdAt: 0 };
    const issued = await insertKey(
      tx,
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
    await tx.run("UPDATE api_keys SET replaced_by = ? WHERE id = ?", [issued.id, old.id]);
    await audit(tx, "rotate", old.id, old.prefix, membership, actor, now, `replaced by ${issued.prefix}`);
    return issued;
  });
}

export async function revokeKey(
  sql: SqlClient,
  idOrPrefix: string,
  actor: string,
  now: number,
): Promise<KeySummary> {
  return sql.transaction(async (tx) => {
    const row = await requireKey(tx, idOrPrefix);
    checkRevocable(row);
    await retire(tx, row, "revoked_at", now, checkRevocable);
    const membership = { id: row.membership_id, userId: row.user_id, orgId: row.org_id, createdAt: 0 };
    await audit(tx, "revoke", row.id, row.prefix, membership, actor, now);
    return getKeySummary(tx, row.id, now);
  });
}

/**
 * In the order the keys were made. SQLite has it in the row id. PostgreSQL has no insertion order, so keys
 * made in the same second are ordered by the audit event written with each (`reveal` or `create`, or for a
 * replacement the `rotate` event of the key it replaced), which the same transaction inserts.
 */
const LIST_KEYS = {
  sqlite: `SELECT k.*, u.email AS user_email FROM api_keys k JOIN users u ON u.id = k.user_id
    WHERE k.org_id = ? ORDER BY k.created_at, k.rowid`,
  postgres: `SELECT k.*, u.email AS user_email FROM api_keys k JOIN users u ON u.id = k.user_id
    LEFT JOIN api_keys o ON o.org_id = k.org_id AND o.replaced_by = k.id
    WHERE k.org_id = ?
    ORDER BY k.created_at,
      (SELECT min(e.id) FROM key_events e WHERE e.key_id = coalesce(o.id, k.id)
        AND CASE WHEN o.id IS NULL THEN e.event IN ('reveal', 'create') ELSE e.event = 'rotate' END),
      k.id`,
} as const;

export async function listKeys(sql: SqlClient, orgId: string, now: number): Promise<KeySummary[]> {
  const rows = await sql.all<KeyRow & { user_email: string }>(LIST_KEYS[sql.engine], [orgId]);
  return rows.map((r) => summarise(r, now));
}

export async function getKeySummary(sql: SqlClient, id: string, now: number): Promise<KeySummary> {
  const row = await sql.get<KeyRow & { user_email: string }>(
    "SELECT k.*, u.email AS user_email FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.id = ?",
    [id],
  );
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
  sql: SqlClient,
  event: "reveal" | "create" | "rotate" | "revoke",
  keyId: string,
  keyPrefix: string,
  membership: Membership,
  actor: string,
  at: number,
  detail = "",
): Promise<void> {
  return recordKeyEvent(sql, {
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

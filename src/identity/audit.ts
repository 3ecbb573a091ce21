import type { SqlClient, SqlValue } from "../store/sql-client.js";

export type KeyEventKind = "reveal" | "create" | "rotate" | "revoke" | "use" | "expire";

/** One audit row: who did what to which key, when. Never carries a secret. */
export interface KeyEvent {
  event: KeyEventKind;
  keyId: string | null;
  keyPrefix: string | null;
  orgId: string | null;
  userId: string | null;
  /** Who acted: `cli:<os user>`, `init`, or `user:<id>` for a key's own use. */
  actor: string;
  at: number;
  detail?: string;
}

export async function recordKeyEvent(sql: SqlClient, event: KeyEvent): Promise<void> {
  await sql.run(
    `INSERT INTO key_events (key_id, key_prefix, org_id, user_id, event, actor, at, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      event.keyId,
      event.keyPrefix,
      event.orgId,
      event.userId,
      event.event,
      event.actor,
      event.at,
      event.detail ?? "",
    ],
  );
}

export interface KeyEventFilter {
  keyId?: string;
  orgId?: string;
  /** Events about this user's keys (the settings app shows a member only their own). */
  userId?: string;
  limit?: number;
}

interface KeyEventRow {
  key_id: string | null;
  key_prefix: string | null;
  org_id: string | null;
  user_id: string | null;
  event: KeyEventKind;
  actor: string;
  at: number;
  detail: string;
}

/** Newest first. */
export async function listKeyEvents(sql: SqlClient, filter: KeyEventFilter = {}): Promise<KeyEvent[]> {
  // Only the filters given become conditions (PostgreSQL cannot type a bare `? IS NULL`).
  const where: string[] = [];
  const params: SqlValue[] = [];
  for (const [column, value] of [
    ["key_id", filter.keyId],
    ["org_id", filter.orgId],
    ["user_id", filter.userId],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  params.push(filter.limit ?? 1000);
  const rows = await sql.all<KeyEventRow>(
    `SELECT key_id, key_prefix, org_id, user_id, event, actor, at, detail FROM key_events
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY at DESC, id DESC LIMIT ?`,
    params,
  );
  return rows.map((r) => ({
    event: r.event,
    keyId: r.key_id,
    keyPrefix: r.key_prefix,
    orgId: r.org_id,
    userId: r.user_id,
    actor: r.actor,
    at: r.at,
    detail: r.detail,
  }));
}

import type { Db } from "../store/connection.js";

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

export function recordKeyEvent(db: Db, event: KeyEvent): void {
  db.prepare(
    `INSERT INTO key_events (key_id, key_prefix, org_id, user_id, event, actor, at, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    event.keyId,
    event.keyPrefix,
    event.orgId,
    event.userId,
    event.event,
    event.actor,
    event.at,
    event.detail ?? "",
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
export function listKeyEvents(db: Db, filter: KeyEventFilter = {}): KeyEvent[] {
  const rows = db
    .prepare(
      `SELECT key_id, key_prefix, org_id, user_id, event, actor, at, detail FROM key_events
       WHERE (@keyId IS NULL OR key_id = @keyId) AND (@orgId IS NULL OR org_id = @orgId)
         AND (@userId IS NULL OR user_id = @userId)
       ORDER BY at DESC, id DESC LIMIT @limit`,
    )
    .all({
      keyId: filter.keyId ?? null,
      orgId: filter.orgId ?? null,
      userId: filter.userId ?? null,
      limit: filter.limit ?? 1000,
    }) as KeyEventRow[];
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

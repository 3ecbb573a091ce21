import type { Db } from "../connection.js";

/** Rebuilds the creator name index (handle, former handles, nickname) for temp.engine_creators or everyone. */
export function refreshCreatorSearch(db: Db, scoped: boolean): void {
  if (scoped) db.exec("DELETE FROM engine_creators_fts WHERE uid IN (SELECT uid FROM engine_creators)");
  else db.exec("DELETE FROM engine_creators_fts");
  db.exec(
    `INSERT INTO engine_creators_fts (uid, handle, former_handles, nickname)
     SELECT c.uid, c.handle,
       coalesce((SELECT group_concat(h.handle, ' ') FROM creator_handles h WHERE h.uid = c.uid AND h.handle <> c.handle), ''),
       c.nickname
     FROM creators c ${scoped ? "WHERE c.uid IN (SELECT uid FROM engine_creators)" : ""}`,
  );
}

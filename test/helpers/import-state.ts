import type { Db } from "../../src/store/connection.js";

/** What an import writes (videos, snapshots, creators, handles, collections, and the videos FTS finds for `word`), to compare two databases. */
export function importState(db: Db, word: string): unknown {
  return {
    videos: db.prepare("SELECT * FROM videos ORDER BY id").all(),
    stats: db.prepare("SELECT * FROM video_stats ORDER BY video_id, observed_at").all(),
    creators: db.prepare("SELECT * FROM creators ORDER BY uid").all(),
    handles: db.prepare("SELECT * FROM creator_handles ORDER BY uid, handle").all(),
    collections: db.prepare("SELECT * FROM video_collections ORDER BY video_id, collection").all(),
    fts: db.prepare("SELECT rowid FROM videos_fts WHERE videos_fts MATCH ? ORDER BY rowid").all(`"${word}"`),
  };
}

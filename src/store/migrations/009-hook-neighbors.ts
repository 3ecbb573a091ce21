import type { Migration } from "./index.js";

/**
 * Similar-hook lists become one row per hooked video (computeHookNeighbors wrote ~12 rows per video, each
 * with two foreign-key checks: most of its time at 200k videos). `neighbors` packs the list best first,
 * 8 bytes per neighbour: its videos.seq (uint32) and the int8 dot product of the two hooks (int32), both
 * big-endian; similarity = dot / 127² (see hook-neighbors.ts). Existing lists are carried over: the stored
 * similarity was dot / 127² (or 1 when clamped), so round(similarity × 16129) gives the dot back (or a
 * value that reads as 1 again).
 *
 * `hook_keys` keeps every hooked video's blocking keys (sorted, space-separated), so a scoped run need not
 * derive every hook's keys from its text; `hook_keys_stale` lists the videos whose hook is new or
 * re-worded since. It starts empty and meta.hook_keys_embedder unset: the first run derives every key.
 *
 * Triggers keep both true whoever writes `videos` (a table rebuild of videos must create them again).
 * Videos are never deleted by the service (only tests do); when one is, its list and keys go with it, and
 * lists naming it skip it on read (its seq no longer exists). CorpusWriter hands out max(seq) + 1, so the
 * seq of a deleted newest video can be handed out again; a list computed before would then name the newer
 * video until that list is recomputed.
 */
export const hookNeighbors009: Migration = {
  version: 9,
  name: "hook-neighbors",
  sql: `
CREATE TABLE hook_neighbors_009 (
  seq       INTEGER PRIMARY KEY,
  neighbors BLOB NOT NULL
);
INSERT INTO hook_neighbors_009 (seq, neighbors)
SELECT v.seq, unhex(group_concat(
         printf('%08X%08X', n.seq, CAST(round(h.similarity * 16129) AS INTEGER)), '' ORDER BY h.rank))
FROM hook_neighbors h
JOIN videos v ON v.id = h.video_id
JOIN videos n ON n.id = h.neighbor_id
WHERE n.seq BETWEEN 0 AND 4294967295
GROUP BY v.seq;
DROP TABLE hook_neighbors;
ALTER TABLE hook_neighbors_009 RENAME TO hook_neighbors;

CREATE TABLE hook_keys (
  seq  INTEGER PRIMARY KEY,
  keys TEXT NOT NULL
);
CREATE TABLE hook_keys_stale (
  seq INTEGER PRIMARY KEY
);

CREATE TRIGGER hook_keys_new AFTER INSERT ON videos
WHEN new.hook_text IS NOT NULL AND new.hook_text <> ''
BEGIN
  INSERT OR IGNORE INTO hook_keys_stale (seq) VALUES (new.seq);
END;

CREATE TRIGGER hook_keys_changed AFTER UPDATE OF seq, hook_text ON videos
WHEN old.seq IS NOT new.seq OR old.hook_text IS NOT new.hook_text
BEGIN
  DELETE FROM hook_neighbors WHERE seq = old.seq AND old.seq <> new.seq;
  DELETE FROM hook_keys WHERE seq = old.seq AND old.seq <> new.seq;
  DELETE FROM hook_keys_stale WHERE seq = old.seq AND old.seq <> new.seq;
  INSERT OR IGNORE INTO hook_keys_stale (seq) VALUES (new.seq);
END;

CREATE TRIGGER hook_neighbors_gone AFTER DELETE ON videos
BEGIN
  DELETE FROM hook_neighbors WHERE seq = old.seq;
  DELETE FROM hook_keys WHERE seq = old.seq;
  DELETE FROM hook_keys_stale WHERE seq = old.seq;
END;
`,
};

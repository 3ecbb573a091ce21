import type { Migration } from "./types.js";

/**
 * Similar-hook lists become one row per hooked video (computeHookNeighbors wrote ~12 rows per video, each
 * with two foreign-key checks: most of its time at 200k videos). `neighbors` packs the list best first,
 * 8 bytes per neighbour: its videos.seq (uint32) and the int8 dot product of the two hooks (int32), both
 * big-endian; similarity = dot / 127² (see hook-neighbors.ts). Existing lists are carried over: the stored
 * similarity was dot / 127² (or 1 when clamped), so round(similarity × 16129) gives the dot back (or a
 * value that reads as 1 again).
 *
 * `hook_keys` keeps every hooked video's blocking keys (sorted, space-separated), so a scoped run need not
 * derive every hook's keys from its text. What it does not cover yet: videos above
 * meta.videos_seq_watermark (the highest seq when it was last brought up to date) and hooks CorpusWriter
 * re-worded since, listed in `hook_keys_stale`. Not triggers on insert and update: any trigger on videos
 * makes SQLite keep a statement journal for each INSERT or UPDATE of a video, a copy of every page the row
 * and its indexes touch (~20 µs a video: half again the import). Both start empty with
 * meta.hook_keys_embedder unset: the first run derives every key.
 *
 * CorpusWriter hands out seqs above the watermark too, so a seq a list may name is never given to another
 * video. Videos are never deleted by the service (only tests do); when one is, the trigger below drops its
 * list and keys, and lists naming it skip it on read (its seq is gone for good). A table rebuild of videos
 * must create the trigger again.
 */
export const hookNeighbors009: Migration = {
  version: 9,
  name: "hook-neighbors",
  rebuildsTable: true, // ~4 s at 200k videos (2.4M old rows)
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

CREATE TRIGGER hook_neighbors_gone AFTER DELETE ON videos
BEGIN
  DELETE FROM hook_neighbors WHERE seq = old.seq;
  DELETE FROM hook_keys WHERE seq = old.seq;
  DELETE FROM hook_keys_stale WHERE seq = old.seq;
END;

-- The carried-over lists name seqs up to the current highest.
INSERT OR REPLACE INTO meta (key, value) SELECT 'videos_seq_watermark', coalesce(max(seq), 0) FROM videos;
`,
};

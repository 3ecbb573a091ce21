import type pg from "pg";
import { decodeNeighbours } from "../hooks/neighbour-list.js";
import type { HookRepository } from "../types.js";
import { arraysOf } from "./sql.js";
import { videoRowsBySeq } from "./videos.js";

/** Similar hooks: the list the hook-neighbour run stored for the video (same bytes as SQLite), resolved to rows. */
export function postgresHooks(pool: pg.Pool): HookRepository {
  return {
    neighbours: async (id) => {
      const rows = await arraysOf<[number, Buffer | null]>(
        pool,
        "SELECT v.seq, h.neighbors FROM videos v LEFT JOIN hook_neighbors h ON h.seq = v.seq WHERE v.id = $1",
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      const neighbours = row[1] ? decodeNeighbours(row[1]) : [];
      const videos = await videoRowsBySeq(
        pool,
        neighbours.map((n) => n.seq),
      );
      // A neighbour deleted since its list was computed has no row: skipped, the next one moves up.
      return neighbours.flatMap((n) => {
        const video = videos.get(n.seq);
        return video ? [{ similarity: n.similarity, video }] : [];
      });
    },
  };
}

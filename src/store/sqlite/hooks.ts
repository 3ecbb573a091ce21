import type { HookRepository } from "../types.js";
import type { Db } from "./connection.js";
import { readHookNeighbors } from "./hook-neighbors/codec.js";
import { prepared } from "./statements.js";
import { videoRowsBySeq } from "./videos.js";

/** Similar hooks: the list computeHookNeighbors stored for the video, resolved to summary rows. */
export function sqliteHooks(db: Db): HookRepository {
  return {
    neighbours: async (id) => {
      const seq = prepared(db, "SELECT seq FROM videos WHERE id = ?").pluck().get(id) as number | undefined;
      if (seq === undefined) return null;
      const neighbours = readHookNeighbors(db, seq);
      const rows = videoRowsBySeq(
        db,
        neighbours.map((n) => n.seq),
      );
      // A neighbour deleted since its list was computed has no row: skipped, the next one moves up.
      return neighbours.flatMap((n) => {
        const video = rows.get(n.seq);
        return video ? [{ similarity: n.similarity, video }] : [];
      });
    },
  };
}

import { classifyVideos } from "../../../src/ingest/classify/index.js";
import { generateCorpus } from "../../../src/ingest/generator/index.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

/** The corpus's "now" in the analyst tests. */
export const CORPUS_NOW = 1_780_000_000;

/** A small deterministic generated corpus with labels (the analyst reads labels, not ranking scores). */
export function analystCorpus(videos = 4000): Db {
  const { db } = tempDb();
  generateCorpus(db, { videos, seed: 11, now: CORPUS_NOW });
  classifyVideos(db, CORPUS_NOW);
  return db;
}

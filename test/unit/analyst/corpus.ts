import { generateCorpus } from "../../../src/ingest/generator/index.js";
import { afterIngest } from "../../../src/ingest/pipeline.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";

/** The corpus's "now" in the analyst tests. */
export const CORPUS_NOW = 1_780_000_000;

/** A small deterministic generated corpus with labels and ranking scores, as after any ingest. */
export function analystCorpus(videos = 4000): Db {
  const { db } = tempDb();
  generateCorpus(db, { videos, seed: 11, now: CORPUS_NOW });
  afterIngest(db, CORPUS_NOW);
  return db;
}

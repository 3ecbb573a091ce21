import { buildTrendReports } from "../domain/trends/build.js";
import { bootstrapIdentity } from "../identity/bootstrap.js";
import type { Db } from "../store/sqlite/connection.js";
import { createSqliteStore } from "../store/sqlite/index.js";
import { sqliteClient } from "../store/sqlite/sql-client.js";
import { type CorpusCounts, generateCorpus } from "./generator/index.js";
import { afterIngest } from "./pipeline.js";

export interface InitOptions {
  /** 0 = no synthetic corpus (`crs init --empty`): schema, organisation, user and key only, for real data. */
  videos: number;
  seed: number;
  /** Unix seconds: the end of the corpus's history and the time stamped on labels, scores and the key. */
  now: number;
  /** Server pepper for the first key's digest. */
  secret: string;
  onProgress?: (stage: InitStage, done: number, total: number) => void;
}

export type InitStage = "corpus" | "labels" | "trends" | "identity";

export interface InitResult {
  corpus: CorpusCounts;
  trendReports: number;
  key: { id: string; secret: string; prefix: string; scopes: string[] };
}

/**
 * A first start: the embedded corpus, its labels, scores and hook neighbours, the trend reports, then org
 * `default`, user `admin@localhost` and a key with both scopes (its secret is returned once). With
 * `videos: 0` only the organisation, user and key: the database then waits for `crs import`.
 */
export async function initDatabase(db: Db, opts: InitOptions): Promise<InitResult> {
  if (opts.videos === 0) {
    opts.onProgress?.("identity", 0, 1);
    const identity = await bootstrapIdentity(sqliteClient(db), opts.secret, opts.now);
    return {
      corpus: { videos: 0, creators: 0, advertisers: 0, snapshots: 0 },
      trendReports: 0,
      key: identity.key,
    };
  }
  const corpus = generateCorpus(db, {
    videos: opts.videos,
    seed: opts.seed,
    now: opts.now,
    onProgress: (done, total) => opts.onProgress?.("corpus", done, total),
  });
  opts.onProgress?.("labels", 0, 1);
  afterIngest(db, opts.now);
  opts.onProgress?.("trends", 0, 1);
  const trends = await buildTrendReports(createSqliteStore(db), opts.now);
  opts.onProgress?.("identity", 0, 1);
  const identity = await bootstrapIdentity(sqliteClient(db), opts.secret, opts.now);
  return { corpus, trendReports: trends.reports, key: identity.key };
}

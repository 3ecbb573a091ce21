import type pg from "pg";
import type { Store } from "../types.js";
import { postgresAdvertisers } from "./advertisers.js";
import { postgresCreators } from "./creators.js";
import { PostgresFacts } from "./facts.js";
import { postgresHooks } from "./hooks.js";
import { postgresTrends } from "./trends.js";
import { postgresVideos } from "./videos.js";

const stores = new WeakMap<pg.Pool, Store>();

/**
 * The PostgreSQL store over a pool made by connection.ts (createPool / connectPool: its type parsers give
 * bigint as a JS number), on a database with the CRS schema (migrate.ts). Same contract and semantics as the
 * SQLite store (../types.ts): every sort, filter, keyset and null rule; only best_match relevance is
 * PostgreSQL's own (video-search.ts). Parameterised SQL throughout.
 */
export function createPostgresStore(pool: pg.Pool): Store {
  let store = stores.get(pool);
  if (!store) {
    store = {
      videos: postgresVideos(pool),
      hooks: postgresHooks(pool),
      creators: postgresCreators(pool),
      advertisers: postgresAdvertisers(pool),
      trends: postgresTrends(pool),
      facts: new PostgresFacts(pool),
    };
    stores.set(pool, store);
  }
  return store;
}

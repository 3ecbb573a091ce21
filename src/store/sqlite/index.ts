import type { Store } from "../types.js";
import { sqliteAdvertisers } from "./advertisers.js";
import type { Db } from "./connection.js";
import { sqliteCreators } from "./creators.js";
import { SqliteFacts } from "./facts.js";
import { sqliteHooks } from "./hooks.js";
import { sqliteTrends } from "./trends.js";
import { sqliteVideos } from "./videos.js";

const stores = new WeakMap<Db, Store>();

/** The SQLite store over an open connection (one per connection: statements are cached per connection). */
export function createSqliteStore(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      videos: sqliteVideos(db),
      hooks: sqliteHooks(db),
      creators: sqliteCreators(db),
      advertisers: sqliteAdvertisers(db),
      trends: sqliteTrends(db),
      facts: new SqliteFacts(db),
    };
    stores.set(db, store);
  }
  return store;
}

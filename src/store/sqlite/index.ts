import type { Store } from "../types.js";
import { sqliteAdvertisers } from "./advertisers.js";
import type { Db } from "./connection.js";
import { sqliteCreators } from "./creators.js";
import { SqliteFacts } from "./facts.js";
import { FactsThread } from "./facts-thread.js";
import { sqliteHooks } from "./hooks.js";
import { sqliteTrends } from "./trends.js";
import { sqliteVideos } from "./videos.js";

const stores = new WeakMap<Db, Store>();
const threads = new WeakMap<Db, FactsThread>();

function threadOf(db: Db): FactsThread | null {
  const thread = FactsThread.for(db);
  if (thread) threads.set(db, thread);
  return thread;
}

/** Stops what the store started beside the connection (its facts thread); before closing the connection. */
export function stopSqliteStore(db: Db): void {
  threads.get(db)?.stop();
  threads.delete(db);
}

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
      facts: new SqliteFacts(db, threadOf(db)),
    };
    stores.set(db, store);
  }
  return store;
}

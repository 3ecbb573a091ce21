// Engine benchmark on both stores: the query kinds of bench/engine.mjs, each timed against the SQLite store
// and the PostgreSQL store holding a copy of the same corpus (`crs migrate --from FILE --to URL`), p50/p99
// side by side. Blocks alternate (SQLite, PostgreSQL, SQLite, PostgreSQL) so both see the same machine load.
// Usage: npm run build && node bench/engine-postgres.mjs --db FILE --pg postgres://… [--iterations N] [--dist DIR]
//   e.g. node dist/cli.js init --db /tmp/20k.sqlite --videos 20000
//        node dist/cli.js migrate --from /tmp/20k.sqlite --to postgres://postgres@localhost/crs20k?host=/tmp/pg
//        node bench/engine-postgres.mjs --db /tmp/20k.sqlite --pg postgres://postgres@localhost/crs20k?host=/tmp/pg
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    pg: { type: "string" },
    dist: { type: "string", default: "dist" },
    iterations: { type: "string", default: "60" },
  },
});
if (!values.db || !existsSync(values.db) || !values.pg) {
  console.error(
    "usage: node bench/engine-postgres.mjs --db FILE --pg postgres://USER@HOST/DB (a copy of FILE made by crs migrate)",
  );
  process.exit(2);
}
const load = (p) => import(pathToFileURL(resolve(values.dist, p)).href);
const { openDb } = await load("store/sqlite/connection.js");
const { createSqliteStore } = await load("store/sqlite/index.js");
const { connectPool, describeUrl } = await load("store/postgres/connection.js");
const { createPostgresStore } = await load("store/postgres/index.js");
const { searchVideos } = await load("domain/search/videos.js");
const { listFeed } = await load("domain/feeds/list-feed.js");
const { similarHooks } = await load("domain/hooks/similar-hooks.js");
const { getVideo } = await load("domain/read-models/videos.js");
const { searchCreators } = await load("domain/search/creators.js");
const { searchAdvertisers } = await load("domain/search/advertisers.js");

// Read-only: the bench never changes the corpus it measures.
const db = openDb(values.db, { readonly: true });
const lite = createSqliteStore(db);
const pool = await connectPool(values.pg, { max: 4, applicationName: "crs bench" });
const pg = createPostgresStore(pool);
const N = Number(values.iterations);
const now = Number(db.prepare("SELECT max(stats_at) AS t FROM videos").get().t);
const total = db.prepare("SELECT count(*) AS n FROM videos").get().n;
const pgTotal = (await pool.query("SELECT count(*) AS n FROM videos")).rows[0].n;
if (pgTotal !== total) {
  console.error(`${describeUrl(values.pg)} holds ${pgTotal} videos, ${values.db} ${total}: not a copy`);
  process.exit(2);
}

async function time(fn) {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
const percentiles = (samples) => {
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p99: at(0.99) };
};
// Every distinct input runs once before each timed block (warm, as a serving process is).
async function block(inputs, fn, samples, from, to) {
  for (const x of inputs) await fn(x);
  for (let i = from; i < to; i++) samples.push(await time(() => fn(inputs[i % inputs.length])));
}
/** `op(store, input)` on both stores, alternating blocks. */
async function compare(inputs, op) {
  const a = [];
  const b = [];
  const half = Math.floor(N / 2);
  await block(inputs, (x) => op(lite, x), a, 0, half);
  await block(inputs, (x) => op(pg, x), b, 0, half);
  await block(inputs, (x) => op(lite, x), a, half, N);
  await block(inputs, (x) => op(pg, x), b, half, N);
  return { sqlite: percentiles(a), postgres: percentiles(b) };
}

// Query material from the corpus itself (as bench/engine.mjs).
const count = (q) => db.prepare("SELECT count(*) AS n FROM videos_fts WHERE videos_fts MATCH ?").get(q).n;
const common = db.prepare("SELECT term, df FROM engine_common_terms ORDER BY df DESC LIMIT 40").all();
const veryCommon = common.filter((t) => t.df >= total * 0.1).slice(0, 6);
const fewCommon = (veryCommon.length ? veryCommon : common.slice(0, 6)).map((t) => t.term);
const pairs = [];
for (let i = 0; i < fewCommon.length; i++)
  for (let j = i + 1; j < fewCommon.length && pairs.length < 8; j++)
    pairs.push(`${fewCommon[i]} ${fewCommon[j]}`);
const captions = db.prepare("SELECT caption FROM videos WHERE seq % 997 = 0 LIMIT 400").all();
const rare = [];
for (const { caption } of captions) {
  for (const w of caption.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 5 || rare.includes(w)) continue;
    const n = count(`"${w}"`);
    if (n >= 1 && n <= 500) rare.push(w);
    if (rare.length >= 20) break;
  }
  if (rare.length >= 20) break;
}
const regions = db
  .prepare(
    "SELECT region FROM videos WHERE region IS NOT NULL GROUP BY region ORDER BY count(*) DESC LIMIT 3",
  )
  .all()
  .map((r) => r.region);
console.log(
  `corpus: ${total} videos (SQLite ${values.db}, PostgreSQL ${describeUrl(values.pg)}); very common terms: ${fewCommon.join(", ")}`,
);
console.log(`rare terms: ${rare.length}; regions: ${regions.join(", ")}; iterations per operation: ${N}\n`);

const search = (store, p) => searchVideos(store, { limit: 20, ...p }, now);
const rows = [];
const row = async (name, inputs, op) => {
  rows.push({ name, ...(await compare(inputs, op)) });
  process.stderr.write(`${name} done\n`);
};
await row("search: very common term", fewCommon, (s, q) => search(s, { q }));
await row("search: two common terms", pairs, (s, q) => search(s, { q }));
await row("search: rare term", rare, (s, q) => search(s, { q }));
await row(
  "search: common term + region + ad",
  fewCommon.flatMap((q) => regions.map((region) => ({ q, region }))),
  (s, x) => search(s, { q: x.q, region: x.region, ad: "yes" }),
);
await row("search: common term, sort=views", fewCommon, (s, q) => search(s, { q, sort: "views" }));
await row("search: pages 1-5 of a common term", fewCommon, async (s, q) => {
  let after = null;
  for (let i = 0; i < 5; i++) after = (await search(s, { q, after })).next;
});
// Page 5 in one call: each store's own cursor of page 4 (walked untimed).
const page5 = new Map();
for (const [name, store] of [
  ["sqlite", lite],
  ["postgres", pg],
]) {
  const list = [];
  for (const q of fewCommon) {
    let after = null;
    for (let i = 0; i < 4; i++) after = (await search(store, { q, after })).next;
    list.push({ q, after });
  }
  page5.set(store, list);
  void name;
}
await row("search: page 5 of a common term", [0, 1, 2, 3, 4, 5].slice(0, fewCommon.length), (s, i) =>
  search(s, page5.get(s)[i]),
);
for (const feed of ["trending", "breakout", "early_breakout", "newest"])
  await row(`feed: ${feed}`, [0], (s) => listFeed(s, feed, { limit: 20 }, now));
await row("browse: region + ad, trending", regions, (s, region) => search(s, { region, ad: "yes" }));
await row("browse: slideshow + hook, views", [0], (s) =>
  search(s, { media_type: "slideshow", hook: "yes", sort: "views" }),
);
const hookedIds = db
  .prepare("SELECT id FROM videos WHERE seq % 997 = 0 AND hook_text IS NOT NULL LIMIT 200")
  .all()
  .map((r) => r.id);
await row("similar hooks (limit 8)", hookedIds, (s, id) => similarHooks(s, id, 8));
const handles = db
  .prepare("SELECT handle FROM creators WHERE rowid % 53 = 0 LIMIT 100")
  .all()
  .map((r) => r.handle.slice(0, 5));
await row("creators: q (handle prefix)", handles, (s, q) => searchCreators(s, { q, limit: 20 }, now));
await row("creators: trending, window 7", [0], (s) =>
  searchCreators(s, { view: "trending", window: 7, limit: 20 }, now),
);
await row("creators: hire_ready", [0], (s) => searchCreators(s, { type: "hire_ready", limit: 20 }, now));
const names = db
  .prepare("SELECT name FROM advertisers LIMIT 50")
  .all()
  .map((r) => r.name.slice(0, 4));
await row("advertisers: q", names, (s, q) => searchAdvertisers(s, { q, limit: 20 }, now));
await row("advertisers: trending, today", [0], (s) =>
  searchAdvertisers(s, { view: "trending", window: 0, limit: 20 }, now),
);
const ids = db
  .prepare("SELECT id FROM videos WHERE seq % 4999 = 0 LIMIT 100")
  .all()
  .map((r) => r.id);
await row("get video", ids, (s, id) => getVideo(s, id));

const f = (x) => x.toFixed(2).padStart(8);
console.log(
  `${"operation".padEnd(36)} ${"SQLite p50".padStart(10)} ${"p99".padStart(8)} | ${"PG p50".padStart(8)} ${"p99".padStart(8)}`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(36)} ${f(r.sqlite.p50).padStart(10)} ${f(r.sqlite.p99)} | ${f(r.postgres.p50)} ${f(r.postgres.p99)}`,
  );
console.log(`\npeak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
db.close();
await pool.end();

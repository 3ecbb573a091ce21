// Limiter overhead per call. Needs compiled code: `npx tsc -p tsconfig.json` (or set CRS_DIST to another outDir).
// Prints µs per admit() against floors measured in the same run: an empty call, a point read and a
// small FTS5 search on the same SQLite file (a search round trip costs at least that much).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.env.CRS_DIST ?? new URL("../dist", import.meta.url).pathname);
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { openDb } = await load("store/connection.js");
const { createLimiter, DatabaseWindowStore, parseLimitsConfig } = await load("limits/index.js");

const dir = mkdtempSync(join(tmpdir(), "crs-bench-limits-"));
const db = openDb(join(dir, "crs.sqlite"));
db.prepare("INSERT INTO organisations(id, name, created_at, updated_at) VALUES ('org', 'bench', 0, 0)").run();

// A roomy override keeps every call on the success path (the common case) while doing all the work.
const roomy = parseLimitsConfig(
  JSON.stringify({
    burst: { max: 1e9 },
    perCredential: { max: 1e9 },
    perOrg: { max: 1e9 },
    dailyContent: { max: 1e9 },
  }),
);
let tick = 1_770_000_000;
const clock = { nowSeconds: () => tick };
const limiter = createLimiter({ db, clock, config: roomy });
const offLimiter = createLimiter({ db, clock, config: parseLimitsConfig("off") });
// What `crs serve` uses: the windows in the database file, shared by every process on it.
const sharedLimiter = createLimiter({ db, clock, config: roomy, windows: new DatabaseWindowStore(db) });
const principals = Array.from({ length: 50 }, (_, i) => ({
  kind: "api_key",
  credentialId: `key-${i}`,
  keyId: `key-${i}`,
  keyPrefix: "bench000",
  clientId: null,
  userId: "user",
  orgId: "org",
  scopes: ["content:read"],
}));

db.exec("CREATE VIRTUAL TABLE bench_fts USING fts5(body)");
const words = [
  "hook",
  "ugc",
  "unboxing",
  "skincare",
  "review",
  "promo",
  "tutorial",
  "asmr",
  "dance",
  "recipe",
];
const insert = db.prepare("INSERT INTO bench_fts(body) VALUES (?)");
db.transaction(() => {
  for (let i = 0; i < 5000; i += 1) insert.run(`${words[i % 10]} ${words[(i * 7) % 10]} video number ${i}`);
})();
const search = db.prepare(
  "SELECT rowid, bm25(bench_fts) AS rank FROM bench_fts WHERE bench_fts MATCH ? ORDER BY rank LIMIT 20",
);
const pointRead = db.prepare("SELECT analyst_monthly FROM organisations WHERE id = ?");

function measure(label, iterations, fn) {
  for (let i = 0; i < Math.min(iterations, 2000); i += 1) fn(i); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) fn(i);
  const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations;
  return { label, micros };
}

// admit() returns a promise; the memory and database stores do their work before returning it.
const noop = () => ({ headers: {} });
const rows = [
  measure("floor: empty limiter (NO_LIMITS)", 200_000, () => noop()),
  measure("admit off (CRS_LIMITS=off)", 200_000, (i) => offLimiter.admit(principals[i % 50], "content")),
  measure("admit usage (3 windows)", 100_000, (i) => {
    if (i % 1000 === 0) tick += 1;
    return limiter.admit(principals[i % 50], "usage");
  }),
  measure("admit content (3 windows + daily SQLite)", 50_000, (i) => {
    if (i % 1000 === 0) tick += 1;
    return limiter.admit(principals[i % 50], "content");
  }),
  measure("admit content (windows in the database file)", 20_000, (i) => {
    if (i % 1000 === 0) tick += 1;
    return sharedLimiter.admit(principals[i % 50], "content");
  }),
  measure("floor: SQLite point read", 100_000, () => pointRead.get("org")),
  measure("floor: FTS5 search, 20 of 5000 rows", 10_000, (i) => search.all(words[i % 10])),
];

const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.micros]));
const fts = byLabel["floor: FTS5 search, 20 of 5000 rows"];
console.log("limiter overhead per call (µs; lower is better)");
for (const { label, micros } of rows) {
  console.log(
    `${label.padEnd(44)} ${micros.toFixed(2).padStart(8)} µs  ${((micros / fts) * 100).toFixed(1).padStart(6)} % of FTS floor`,
  );
}
console.log(
  `content admit / FTS5 search floor: ${((byLabel["admit content (3 windows + daily SQLite)"] / fts) * 100).toFixed(1)} % (goal < 5 % of a search round trip, which costs more than this floor)`,
);
db.close();
rmSync(dir, { recursive: true, force: true });

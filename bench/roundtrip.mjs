// REST and MCP round trips for the same searches against the in-process domain call (+ JSON.stringify),
// and the limiter's share of a REST round trip (CRS_LIMITS roomy vs off), all measured in this run.
// Usage: npm run build && node bench/roundtrip.mjs [--videos 20000] [--iterations 2000] [--dist dist]
// Iterations: at 300 the HTTP paths were still warming up (REST p50 of the cheap cases 2.4 ms at 300 rounds,
// 1.8 ms at 1 500, 1.65 ms at 3 000 on the same build), so the default measures the steady state.
// Goals: REST ≤ 1.5 × floor, MCP ≤ 1.3 × REST, limiter < 5 % of the REST round trip. Loopback only.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    videos: { type: "string", default: "20000" },
    iterations: { type: "string", default: "2000" },
    dist: { type: "string", default: "dist" },
  },
});
// Request logs would flood the table and measure stderr, not the service.
process.env.CRS_LOG_LEVEL ??= "silent";

const load = (p) => import(pathToFileURL(resolve(values.dist, p)).href);
const { loadConfig } = await load("config/index.js");
const { resolveSecret } = await load("store/secret.js");
const { sqliteClient } = await load("store/sqlite/sql-client.js");
const { initDatabase } = await load("ingest/init.js");
const { startServer } = await load("app/server.js");
const { openDb } = await load("store/connection.js");
const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");

const N = Number(values.iterations);
const WARMUP = Math.max(10, Math.floor(N / 10));
// Every control roomy: the limiter does all its work (windows + daily SQLite counter) and refuses nothing.
const ROOMY = JSON.stringify(
  Object.fromEntries(
    [
      "burst",
      "perCredential",
      "perOrg",
      "dailyContent",
      "analystHourlyCredential",
      "analystHourlyOrg",
      "analystMonthlyDefault",
      "authFailures",
    ].map((name) => [name, { max: 1e9 }]),
  ),
);

const dir = mkdtempSync(join(tmpdir(), "crs-bench-roundtrip-"));
const file = join(dir, "crs.sqlite");
const configFor = (limits, db = file) =>
  loadConfig({ env: { CRS_LOG_LEVEL: "silent" }, flags: { db, host: "127.0.0.1", port: 0, limits } });

let t0 = performance.now();
const setupDb = openDb(file);
const now = Math.floor(Date.now() / 1000);
const init = await initDatabase(setupDb, {
  videos: Number(values.videos),
  seed: 7,
  now,
  secret: await resolveSecret(sqliteClient(setupDb), configFor("off")),
});
setupDb.close();
// The limiter writes its daily counter; on a shared file every write would empty the other server's page cache.
const roomyFile = join(dir, "crs-roomy.sqlite");
const offFile = join(dir, "crs-off.sqlite");
copyFileSync(file, roomyFile);
copyFileSync(file, offFile);
const key = init.key.secret;
console.log(`corpus: ${values.videos} videos generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// Limits off for the main comparison; the limiter's overhead is measured later on two fresh servers.
const off = await startServer(configFor("off"));

const common =
  off.db.prepare("SELECT term FROM engine_common_terms ORDER BY df DESC LIMIT 1").get()?.term ?? "hook";
const CASES = [
  { label: `search q="${common}"`, tool: "service_search_videos", args: { q: common, limit: 20 } },
  {
    label: "browse ad+region, by views",
    tool: "service_search_videos",
    args: { ad: "yes", region: "US", sort: "views", limit: 20 },
  },
  { label: "feed trending", tool: "service_list_feed", args: { feed: "trending", limit: 20 } },
];
const restPath = ({ tool, args }) => {
  if (tool === "service_list_feed") return `/v1/feeds/${args.feed}?limit=${args.limit}`;
  return `/v1/videos?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]))}`;
};

// The floor: the tool's domain call in process, on parsed input, plus serialising its result.
const principal = await off.core.authenticator.authenticate({
  headers: { authorization: `Bearer ${key}` },
  url: "/v1/videos",
  endpoint: "rest",
});
const domainCall = ({ tool, args }) => {
  const definition = off.core.registry.get(tool);
  const input = definition.input.parse(args);
  const ctx = { principal, deps: off.core.deps, requestId: "bench", transport: "internal", after: null };
  return async () => JSON.stringify(await definition.handler(input, ctx));
};
const invokeCall =
  ({ tool, args }) =>
  async () =>
    JSON.stringify(
      (await off.core.registry.invoke(tool, args, principal, { requestId: "bench", transport: "internal" }))
        .output,
    );

const auth = { authorization: `Bearer ${key}` };
const restCall = (server, c) => {
  const url = `${server.url}${restPath(c)}`;
  return async () => {
    const res = await fetch(url, { headers: auth });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`REST ${res.status}: ${body.slice(0, 200)}`);
  };
};
const client = new Client({ name: "crs-bench", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${off.url}/mcp`), { requestInit: { headers: auth } }),
);
const mcpCall = ({ tool, args }) => {
  return async () => {
    const result = await client.callTool({ name: tool, arguments: args });
    if (result.isError) throw new Error(`MCP error: ${JSON.stringify(result.content).slice(0, 200)}`);
  };
};

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

/** Runs the variants round-robin, reversing the order every other round, so drift hits them alike. */
async function interleaved(variants, rounds) {
  const samples = variants.map(() => []);
  const forward = variants.map((_, i) => i);
  const backward = [...forward].reverse();
  for (let round = -WARMUP; round < rounds; round += 1) {
    for (const v of round % 2 === 0 ? forward : backward) {
      const started = performance.now();
      await variants[v]();
      if (round >= 0) samples[v].push(performance.now() - started);
    }
  }
  return samples.map(summary);
}

const ms = (x) => x.toFixed(3).padStart(8);
const ratio = (a, b) => (a / b).toFixed(2).padStart(6);
console.log(`\n${N} calls per cell after ${WARMUP} warm-up rounds; times in ms (p50 / p99)\n`);
console.log(
  `${"case".padEnd(28)} ${"floor".padStart(17)} ${"invoke".padStart(17)} ${"REST".padStart(17)} ${"MCP".padStart(17)}   REST/floor  MCP/REST`,
);
const totals = { floor: 0, rest: 0, mcp: 0 };
for (const c of CASES) {
  const [floor, invoke, restRt, mcpRt] = await interleaved(
    [domainCall(c), invokeCall(c), restCall(off, c), mcpCall(c)],
    N,
  );
  totals.floor += floor.p50;
  totals.rest += restRt.p50;
  totals.mcp += mcpRt.p50;
  const cell = (s) => `${ms(s.p50)} /${ms(s.p99)}`;
  console.log(
    `${c.label.padEnd(28)} ${cell(floor)} ${cell(invoke)} ${cell(restRt)} ${cell(mcpRt)}   ${ratio(restRt.p50, floor.p50)}     ${ratio(mcpRt.p50, restRt.p50)}`,
  );
}
console.log(
  `\np50 sums: REST/floor = ${(totals.rest / totals.floor).toFixed(2)} (goal ≤ 1.5), MCP/REST = ${(totals.mcp / totals.rest).toFixed(2)} (goal ≤ 1.3)`,
);

// Limiter overhead: the same REST round trip on two fresh servers, roomy vs off, interleaved, each on
// its own copy of the database (fresh so neither carries the first phase's history).
const offFresh = await startServer(configFor("off", offFile));
const roomy = await startServer(configFor(ROOMY, roomyFile));
console.log(`\nlimiter overhead (REST, CRS_LIMITS roomy JSON vs off), ${N} calls per cell`);
let offSum = 0;
let onSum = 0;
for (const c of CASES) {
  const [offRt, onRt] = await interleaved([restCall(offFresh, c), restCall(roomy, c)], N);
  offSum += offRt.p50;
  onSum += onRt.p50;
  const delta = onRt.p50 - offRt.p50;
  console.log(
    `${c.label.padEnd(28)} off ${ms(offRt.p50)}  on ${ms(onRt.p50)}  Δ ${ms(delta)} ms  (${((100 * delta) / offRt.p50).toFixed(1).padStart(5)} %)`,
  );
}
console.log(
  `p50 sums: limiter = ${((100 * (onSum - offSum)) / offSum).toFixed(1)} % of the round trip (goal < 5 %)`,
);

// The same overhead without network noise: admit() in process, per content call.
const limiter = roomy.core.limiter;
const ADMITS = 20_000;
for (let i = 0; i < 1000; i += 1) limiter.admit(principal, "content");
t0 = performance.now();
for (let i = 0; i < ADMITS; i += 1) limiter.admit(principal, "content");
const admitMs = (performance.now() - t0) / ADMITS;
console.log(
  `admit() in process: ${(admitMs * 1000).toFixed(1)} µs per content call = ${((100 * admitMs) / (offSum / CASES.length)).toFixed(2)} % of the mean REST p50`,
);

await client.close();
await off.close();
await offFresh.close();
await roomy.close();
rmSync(dir, { recursive: true, force: true });

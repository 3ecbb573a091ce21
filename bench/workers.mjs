// Throughput of `crs serve --workers 2` vs `--workers 1` at 32 concurrent clients, limits ON (a generous JSON
// override, so every call still goes through the shared windows and the daily counter in the SQLite file).
// Needs `npm run build`. Usage: node bench/workers.mjs [--videos 20000] [--db FILE] [--seconds 15]
//   [--connections 32] [--workers 1,2]
// With --db, FILE must come from `crs init` and its first key must be in CRS_BENCH_KEY.
// Several instances instead: --pg postgres://… --redis redis://… [--instances 1,2] copies the corpus into
// that (scratch!) PostgreSQL database (crs migrate --force) and runs N `crs serve --workers 1` processes on it
// and Redis, the connections split evenly between them (one autocannon each, in parallel); the figure is
// their sum. PGPASSWORD is passed through.
// The load generator (autocannon) runs in this process: on a 2-core machine it competes with the workers for
// CPU, so the ratio measured there is a floor of what the workers give on a machine with a spare core.
// Each run also takes the CPU time (Linux /proc) of the load generator, the servers and, with --pg, the
// PostgreSQL and Redis processes, per request: the ceiling line says what ratio the machine's cores allow
// at all (every core busy at those per-request costs), to read the measured ratio against.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    videos: { type: "string", default: "20000" },
    db: { type: "string" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "32" },
    workers: { type: "string", default: "1,2" },
    pg: { type: "string" },
    redis: { type: "string" },
    instances: { type: "string", default: "1,2" },
  },
});
if (values.pg && !values.redis)
  throw new Error("--pg needs --redis (the instances share their windows there)");
const cli = resolve(new URL("../dist/cli.js", import.meta.url).pathname);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const big = 1_000_000_000;
const LIMITS =
  process.env.CRS_BENCH_LIMITS ??
  JSON.stringify({
    burst: { max: big },
    perCredential: { max: big },
    perOrg: { max: big },
    dailyContent: { max: big },
  });

let dir;
let db = values.db;
let key = process.env.CRS_BENCH_KEY;
if (!db) {
  dir = mkdtempSync(join(tmpdir(), "crs-bench-workers-"));
  db = join(dir, "crs.sqlite");
  process.stdout.write(`creating a ${values.videos}-video corpus in ${db}…\n`);
  const init = spawnSync(process.execPath, [cli, "init", "--db", db, "--videos", values.videos], {
    encoding: "utf8",
  });
  if (init.status !== 0) throw new Error(`crs init failed: ${init.stderr}`);
  key = init.stdout.match(/crs_\S+/)?.[0];
}
if (!key) throw new Error("no API key: set CRS_BENCH_KEY when passing --db");

// A mix of what clients do: searches of several kinds, feeds, records, usage.
const PATHS = [
  "/v1/videos?q=hook&limit=20",
  "/v1/videos?q=skincare%20routine&limit=20",
  "/v1/videos?q=unboxing&sort=views&limit=20",
  "/v1/videos?region=US&limit=20",
  "/v1/videos?q=asmr&limit=10",
  "/v1/trends?limit=10",
  "/v1/usage",
];

if (values.pg) {
  process.stdout.write("copying it into the PostgreSQL database (crs migrate --force)…\n");
  const copy = spawnSync(process.execPath, [cli, "migrate", "--from", db, "--to", values.pg, "--force"], {
    encoding: "utf8",
  });
  if (copy.status !== 0) throw new Error(`crs migrate failed: ${copy.stderr}`);
}

/** CPU seconds so far (user + system) of the processes `pick` selects by pid, ppid and command name. */
function cpuOf(pick) {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (pick(Number(entry), Number(fields[1]), comm)) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100; // USER_HZ
}

/** CPU seconds of the load generator (this process), the servers (pids and their children), the engines. */
function cpuNow(pids) {
  const own = process.cpuUsage();
  const mine = new Set(pids);
  return {
    load: (own.user + own.system) / 1e6,
    servers: cpuOf((pid, ppid) => mine.has(pid) || mine.has(ppid)),
    engines: values.pg ? cpuOf((_, __, comm) => comm === "postgres" || comm === "redis-server") : 0,
  };
}

/** CPU per request (ms) of each part over a run, and the throughput every core busy at those costs would give. */
function cpuPerRequest(before, after, requests) {
  const per = (k) => ((after[k] - before[k]) * 1000) / requests;
  const row = { load: per("load"), servers: per("servers"), engines: per("engines") };
  return { ...row, ceiling: (availableParallelism() * 1000) / (row.load + row.servers + row.engines) };
}

const cpuLine = (c) =>
  `    CPU per request: load generator ${c.load.toFixed(2)} ms, servers ${c.servers.toFixed(2)} ms${
    values.pg ? `, PostgreSQL + Redis ${c.engines.toFixed(2)} ms` : ""
  } → all ${availableParallelism()} cores busy: at most ${c.ceiling.toFixed(0)} req/s\n`;

function serve(workers, target = db, env = {}) {
  const child = spawn(
    process.execPath,
    [cli, "serve", "--workers", String(workers), "--port", "0", "--db", target],
    {
      env: { ...process.env, CRS_LOG_LEVEL: "warn", CRS_LIMITS: LIMITS, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  return new Promise((ok, fail) => {
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const match = err.match(/crs: serving (http:\/\/\S+)/);
      if (match) ok({ child, url: match[1] });
    });
    child.once("exit", (code) => fail(new Error(`serve exited ${code}: ${err}`)));
  });
}

function load(url, duration, clients = connections) {
  return new Promise((ok, fail) => {
    let i = 0;
    autocannon(
      {
        url,
        connections: clients,
        duration,
        headers: { authorization: `Bearer ${key}` },
        requests: [
          {
            setupRequest: (req) => {
              i += 1;
              return { ...req, path: PATHS[i % PATHS.length] };
            },
          },
        ],
      },
      (error, result) => (error ? fail(error) : ok(result)),
    );
  });
}

async function measure(workers) {
  const { child, url } = await serve(workers);
  await load(url, 3); // warm-up: page cache, prepared statements, JIT
  const before = cpuNow([child.pid]);
  const result = await load(url, seconds);
  const cpu = cpuPerRequest(before, cpuNow([child.pid]), result.requests.total);
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  return {
    workers,
    cpu,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** N instances on PostgreSQL + Redis, the connections split between them; their summed throughput. */
async function measureInstances(n) {
  const env = { CRS_REDIS_URL: values.redis, CRS_REDIS_PREFIX: `bench${n}:` };
  const served = [];
  for (let i = 0; i < n; i += 1) served.push(await serve(1, values.pg, env));
  const share = Math.floor(connections / n);
  await Promise.all(served.map((s) => load(s.url, 3, share)));
  const pids = served.map((s) => s.child.pid);
  const before = cpuNow(pids);
  const results = await Promise.all(served.map((s) => load(s.url, seconds, share)));
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const cpu = cpuPerRequest(before, cpuNow(pids), total);
  for (const { child } of served) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  return {
    instances: n,
    cpu,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    total,
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

if (values.pg) {
  process.stdout.write(
    `${connections} connections split between the instances, ${seconds} s per run, limits ON (maxima ${big}), PostgreSQL + Redis, ${availableParallelism()} cores\n`,
  );
  const rows = [];
  for (const n of values.instances.split(",").map(Number)) {
    const row = await measureInstances(n);
    rows.push(row);
    process.stdout.write(
      `${String(n).padStart(2)} instance(s) ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
        `(${row.total} requests, ${row.non2xx} non-2xx, ${row.errors} errors)\n${cpuLine(row.cpu)}`,
    );
  }
  const one = rows.find((r) => r.instances === 1);
  for (const row of rows)
    if (one && row !== one)
      process.stdout.write(
        `${row.instances} instances / 1: ${(row.rps / one.rps).toFixed(2)}× (at most ${(one.cpu.ceiling / one.rps).toFixed(2)}× on these cores at one instance's costs)\n`,
      );
  if (dir) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const counts = values.workers.split(",").map(Number);
process.stdout.write(
  `${connections} connections, ${seconds} s per run (after 3 s warm-up), limits ON (maxima ${big}), ${availableParallelism()} cores\n`,
);
const rows = [];
for (const workers of counts) {
  const row = await measure(workers);
  rows.push(row);
  process.stdout.write(
    `--workers ${String(workers).padEnd(2)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
      `(${row.total} requests, ${row.non2xx} non-2xx, ${row.errors} errors)\n${cpuLine(row.cpu)}`,
  );
}
const one = rows.find((r) => r.workers === 1);
for (const row of rows) {
  if (one && row !== one)
    process.stdout.write(
      `--workers ${row.workers} / --workers 1: ${(row.rps / one.rps).toFixed(2)}× (target ≥ 1.7× for 2; at most ${(one.cpu.ceiling / one.rps).toFixed(2)}× on these cores at one worker's costs)\n`,
    );
}
if (dir) rmSync(dir, { recursive: true, force: true });

// Throughput under concurrency: a real `crs serve` process driven over sockets by autocannon at 32 concurrent
// connections, limits off, on the 20 000-video corpus. REST `GET /v1/videos?q=skincare` and the same search as
// an MCP `tools/call` of service_search_videos (2026-07-28, stateless POST to /mcp through the SDK).
// Usage: npm run build && node bench/load.mjs [--cli dist/cli.js]… [--videos 20000] [--connections 32]
//          [--duration 10] [--warmup 3] [--settle 10] [--rounds 2] [--q skincare]
// Several --cli (e.g. main's build in a throwaway clone, then this one) are measured in the same run: every
// server is started first, then the runs alternate between them round by round (order reversed every other
// round) so machine drift hits them alike. Goals (issue 16): REST within 10 % of main's; MCP ≥ 0.75 × REST.
// Floors, measured in the same rounds for the last --cli (the build under test): bare node:http answering its
// REST body, and the MCP SDK answering its tools/call result from a tool that does no work
// (bench/load-floor.mjs); and, in this process, its store's search for the query (the ranking alone).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    cli: { type: "string", multiple: true },
    videos: { type: "string", default: "20000" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    settle: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    q: { type: "string", default: "skincare" },
  },
});
const clis = (values.cli ?? [join(here, "..", "dist", "cli.js")]).map((p) => resolve(p));
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const WARMUP = Number(values.warmup);
const SETTLE = Number(values.settle);
const ROUNDS = Number(values.rounds);
const MODERN = "2026-07-28";

const dir = mkdtempSync(join(tmpdir(), "crs-bench-load-"));
const servers = [];
process.on("exit", () => {
  for (const s of servers) s.child.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

/** `crs init` with the same seed for every checkout (each builds its own database with its own schema). */
function initCorpus(cli, i) {
  const db = join(dir, `crs-${i}.sqlite`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [cli, "init", "--db", db, "--videos", values.videos, "--seed", "42", "--json"],
    { encoding: "utf8", env: { ...process.env, CRS_LOG_LEVEL: "silent" } },
  );
  if (result.status !== 0) throw new Error(`crs init failed for ${cli}:\n${result.stderr}`);
  const key = JSON.parse(result.stdout).key.secret;
  console.log(
    `${label(i)}: ${values.videos} videos in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { db, key };
}

/** One process, whatever the build's default (builds with `--workers` default to the number of cores). */
function oneProcess(cli) {
  const help = spawnSync(process.execPath, [cli, "serve", "--help"], { encoding: "utf8" });
  return `${help.stdout}${help.stderr}`.includes("--workers") ? ["--workers", "1"] : [];
}

/** `crs serve` on a free port, one process, limits off, request log off; resolves with its origin once it listens. */
function serve(cli, db) {
  const args = [cli, "serve", "--db", db, "--host", "127.0.0.1", "--port", "0", ...oneProcess(cli)];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CRS_LIMITS: "off", CRS_LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolvePromise, reject) => {
    let err = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const match = /serving (http:\/\/\S+?) \(/.exec(err);
      if (match) resolvePromise({ child, url: match[1] });
    });
    child.once("exit", (code) => reject(new Error(`crs serve exited (${code}):\n${err}`)));
  });
}

/**
 * The server process's CPU time so far (user + system, ms) from /proc (Linux; null elsewhere). Per request it
 * is steadier than req/s on a shared machine: a loaded neighbour slows the clock, not the work.
 */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const label = (i) => (clis.length === 1 ? "server" : `#${i + 1} ${clis[i]}`);

const restRequest = (s) => ({
  url: `${s.url}/v1/videos?q=${encodeURIComponent(values.q)}`,
  method: "GET",
  headers: { authorization: `Bearer ${s.key}` },
});
const mcpRequest = (s) => ({
  url: `${s.url}/mcp`,
  method: "POST",
  headers: {
    authorization: `Bearer ${s.key}`,
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-protocol-version": MODERN,
    "mcp-method": "tools/call",
    "mcp-name": "service_search_videos",
  },
  // The envelope the v2 SDK client sends for a 2026-07-28 tools/call.
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name: "service_search_videos",
      arguments: { q: values.q },
      _meta: {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": { name: "crs-bench-load", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  }),
});

/** One request of each kind, checked, so the load measures successful searches with the same answer. */
async function check(s) {
  const rest = restRequest(s);
  const r = await fetch(rest.url, { headers: rest.headers });
  const restBody = await r.json();
  if (r.status !== 200) throw new Error(`REST ${r.status}: ${JSON.stringify(restBody).slice(0, 300)}`);
  const mcp = mcpRequest(s);
  const m = await fetch(mcp.url, { method: "POST", headers: mcp.headers, body: mcp.body });
  const text = await m.text();
  if (m.status !== 200) throw new Error(`MCP ${m.status}: ${text.slice(0, 300)}`);
  const json = JSON.parse(text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null"));
  const result = json?.result;
  if (!result || result.isError) throw new Error(`MCP call failed: ${text.slice(0, 300)}`);
  const ids = (body) => body.data.map((v) => v.id).join(",");
  if (ids(result.structuredContent) !== ids(restBody))
    throw new Error("REST and MCP answered different pages for the same search");
  return { count: restBody.meta.count, rest: restBody, mcp: result };
}

/** One autocannon run; `pid` measures it (a failed request then fails the bench), without one it only warms. */
async function load(request, duration, pid) {
  const cpuBefore = pid ? cpuMs(pid) : null;
  const result = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    timeout: 30,
  });
  const cpuAfter = pid ? cpuMs(pid) : null;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 && pid)
    throw new Error(`${failed} failed requests (${result.non2xx} non-2xx, ${result.errors} errors)`);
  // Requests completed over the measured time (autocannon's per-second average drops the partial second).
  return {
    rps: result.requests.total / duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu:
      cpuBefore === null || cpuAfter === null ? Number.NaN : (cpuAfter - cpuBefore) / result.requests.total,
  };
}

for (const [i, cli] of clis.entries()) {
  const { db, key } = initCorpus(cli, i);
  const { child, url } = await serve(cli, db);
  const s = { cli, child, url, key, rest: [], mcp: [] };
  servers.push(s);
  const { count, rest, mcp } = await check(s);
  console.log(`${label(i)}: serving ${url}; q=${values.q} → ${count} results a page (REST = MCP)`);
  s.answers = { rest, mcp };
  s.db = db;
}

/** A floor server (bench/load-floor.mjs) answering with the build under test's own bodies. */
function startFloor(mode, answersFile) {
  const child = spawn(process.execPath, [join(here, "load-floor.mjs"), mode, answersFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolvePromise, reject) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      const port = /listening (\d+)/.exec(chunk)?.[1];
      if (port) resolvePromise({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once("exit", (code) => reject(new Error(`floor ${mode} exited (${code})`)));
  });
}

const underTest = servers[servers.length - 1];
const answersFile = join(dir, "answers.json");
writeFileSync(answersFile, JSON.stringify(underTest.answers));
const floors = {
  http: { ...(await startFloor("http", answersFile)), runs: [] },
  sdk: { ...(await startFloor("sdk", answersFile)), runs: [] },
};
for (const f of Object.values(floors)) servers.push({ child: f.child }); // stopped on exit with the rest
const floorRequest = (kind) =>
  kind === "http"
    ? { url: `${floors.http.url}/`, method: "GET" }
    : { ...mcpRequest({ url: floors.sdk.url, key: "" }), url: `${floors.sdk.url}/` };

/**
 * In this process, on the same database, for the build under test (ms per call, after a warm-up): its store's
 * search for the query (the ranking alone), and the whole tool call through its registry (ranking, page
 * summaries, validation: every part of a request but the transport and the credential check).
 */
async function inProcessFloors(cli, db) {
  const dist = pathToFileURL(`${dirname(cli)}/`);
  const load = (path) => import(new URL(path, dist).href);
  const [{ openBackend }, { queryTerms }, { createServiceCore }, { loadConfig, publicUrls }] =
    await Promise.all([
      load("app/backend.js"),
      load("store/text.js"),
      load("app/core.js"),
      load("config/index.js"),
    ]);
  const perCall = async (call) => {
    for (let i = 0; i < 200; i += 1) await call();
    const n = 2000;
    const started = performance.now();
    for (let i = 0; i < n; i += 1) await call();
    return (performance.now() - started) / n;
  };
  const backend = await openBackend(db);
  const { store } = backend;
  const terms = queryTerms(values.q);
  const search = await perCall(() => store.videos.search(terms, "best_match", {}, 20, null, values.q));
  const config = loadConfig({ env: { ...process.env, CRS_LIMITS: "off", CRS_LOG_LEVEL: "silent" } });
  const core = await createServiceCore(config, backend, publicUrls(config));
  const principal = {
    kind: "api_key",
    credentialId: "bench",
    keyId: "bench",
    keyPrefix: null,
    clientId: null,
    userId: "bench",
    orgId: "bench",
    scopes: ["content:read"],
  };
  const tool = await perCall(() =>
    core.registry.invoke("service_search_videos", { q: values.q }, principal, {
      transport: "rest",
      skipLimiter: true,
    }),
  );
  await core.analyst.close();
  await core.limiter.close();
  await backend.close();
  return { search, tool };
}
// A server warms caches in the background after it starts: load each one unmeasured first.
for (const s of servers.filter((x) => x.url)) {
  await load(restRequest(s), SETTLE);
  await load(mcpRequest(s), SETTLE);
}
for (const kind of ["http", "sdk"]) await load(floorRequest(kind), WARMUP);
console.log(
  `load: ${CONNECTIONS} connections, ${DURATION} s a run after ${WARMUP} s warm-up, ${ROUNDS} rounds, CRS_LIMITS=off`,
);

for (let round = 0; round < ROUNDS; round += 1) {
  const order = servers.flatMap((x, i) => (x.url ? [i] : []));
  if (round % 2 === 1) order.reverse();
  for (const i of order) {
    const s = servers[i];
    for (const kind of ["rest", "mcp"]) {
      const request = kind === "rest" ? restRequest(s) : mcpRequest(s);
      if (WARMUP > 0) await load(request, WARMUP);
      const figures = await load(request, DURATION, s.child.pid);
      s[kind].push(figures);
      console.log(
        `  round ${round + 1} ${label(i)} ${kind.toUpperCase().padEnd(4)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  server CPU ${figures.cpu.toFixed(2)} ms/request`,
      );
    }
  }
  for (const kind of ["http", "sdk"]) {
    if (WARMUP > 0) await load(floorRequest(kind), WARMUP);
    const figures = await load(floorRequest(kind), DURATION, floors[kind].child.pid);
    floors[kind].runs.push(figures);
    console.log(
      `  round ${round + 1} floor ${kind.padEnd(4)} ${figures.rps.toFixed(0).padStart(6)} req/s  server CPU ${figures.cpu.toFixed(3)} ms/request`,
    );
  }
}
const inProcess = await inProcessFloors(underTest.cli, underTest.db);

const mean = (runs, field) => runs.reduce((sum, r) => sum + r[field], 0) / runs.length;
const line = (runs) =>
  `${mean(runs, "rps").toFixed(0).padStart(6)} req/s  p50 ${mean(runs, "p50").toFixed(1)} ms  p99 ${mean(runs, "p99").toFixed(1)} ms  server CPU ${mean(runs, "cpu").toFixed(2)} ms/request`;
console.log("\nmean over rounds:");
for (const [i, s] of servers.filter((x) => x.url).entries()) {
  console.log(
    `${label(i)}\n  REST ${line(s.rest)}\n  MCP  ${line(s.mcp)}\n  MCP/REST throughput ${(mean(s.mcp, "rps") / mean(s.rest, "rps")).toFixed(2)} (goal ≥ 0.75), CPU per request ${(mean(s.mcp, "cpu") / mean(s.rest, "cpu")).toFixed(2)}`,
  );
}
const services = servers.filter((x) => x.url);
for (let i = 1; i < services.length; i += 1) {
  const [first, other] = [services[0], services[i]];
  console.log(
    `#${i + 1} vs #1: REST throughput ${(mean(other.rest, "rps") / mean(first.rest, "rps")).toFixed(2)} (goal ≥ 0.90 against main's), CPU per request ${(mean(other.rest, "cpu") / mean(first.rest, "cpu")).toFixed(2)}; MCP throughput ${(mean(other.mcp, "rps") / mean(first.mcp, "rps")).toFixed(2)}`,
  );
}
// What no REST or MCP adapter can go below here, for the build under test (CPU per request, one core).
const httpMs = mean(floors.http.runs, "cpu");
const sdkMs = mean(floors.sdk.runs, "cpu");
const ceiling = (ms) => `${(1000 / ms).toFixed(0)} req/s (${ms.toFixed(2)} ms)`;
console.log(`\nfloors (${label(clis.length - 1)}), CPU per request on one core:
  bare node:http answering the same body     ${httpMs.toFixed(3)} ms
  MCP SDK answering the same result, no work ${sdkMs.toFixed(3)} ms
  store search q=${values.q}, in process         ${inProcess.search.toFixed(3)} ms
  the whole tool call, in process            ${inProcess.tool.toFixed(3)} ms
  → REST ceiling ${ceiling(inProcess.tool + httpMs)}; MCP ceiling ${ceiling(inProcess.tool + sdkMs)}; MCP/REST at these ceilings ${((inProcess.tool + httpMs) / (inProcess.tool + sdkMs)).toFixed(2)}`);
if (services.length > 1) {
  const goal = 0.9 * mean(services[0].rest, "rps");
  console.log(
    `  REST goal (0.90 × #1's ${mean(services[0].rest, "rps").toFixed(0)} req/s) = ${ceiling(1000 / goal)} a request; the search alone takes ${inProcess.search.toFixed(2)} ms of it`,
  );
}
process.exit(0);

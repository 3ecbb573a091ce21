// `npm run eval:analyst [-- --videos N] [--seed S] [--keep]`: generates a corpus (`crs init`) in a temp
// directory, starts `crs serve` on a free port with limits off, asks every question of questions.mjs through
// POST /v1/agent/answers and compares each answer with the truth computed from the REST endpoints.
// Prints one line per question and the final score. Needs `npm run build` first.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { QUESTIONS } from "./questions.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const cli = join(root, "dist", "cli.js");
const { values } = parseArgs({
  options: {
    videos: { type: "string", default: "20000" },
    seed: { type: "string", default: "42" },
    keep: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
if (!existsSync(cli)) {
  process.stderr.write("dist/cli.js is missing: run `npm run build` first.\n");
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), "crs-eval-"));
const db = join(dir, "crs.sqlite");
process.stderr.write(`eval: crs init --videos ${values.videos} --seed ${values.seed} into ${db}\n`);
const init = spawnSync(
  process.execPath,
  [cli, "init", "--db", db, "--videos", values.videos, "--seed", values.seed, "--json"],
  { encoding: "utf8", env: { ...process.env, CRS_LOG_LEVEL: "warn" } },
);
if (init.status !== 0) {
  process.stderr.write(init.stderr);
  process.exit(1);
}
const key = JSON.parse(init.stdout).key.secret;
const port = await freePort();
const server = spawn(process.execPath, [cli, "serve", "--db", db, "--port", String(port)], {
  env: { ...process.env, CRS_LIMITS: "off", CRS_LOG_LEVEL: "warn", CRS_ANALYST_MIN_MS: "0" },
  stdio: ["ignore", "ignore", "inherit"],
});
let exited = false;
server.on("exit", () => {
  exited = true;
});
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  server.kill("SIGTERM");
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 300 || exited) {
    stop();
    throw new Error("server did not become ready");
  }
  await new Promise((r) => setTimeout(r, 100));
}

const headers = { authorization: `Bearer ${key}` };
const api = {
  async get(path) {
    const res = await fetch(`${base}/v1${path}`, { headers });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  },
};

async function ask(question) {
  const res = await fetch(`${base}/v1/agent/answers`, {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ question }),
  });
  const body = await res.json();
  const run = body.data;
  if (!run?.answer) throw new Error(`analyst ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const step = run.answer.method.at(-1);
  return {
    answer: run.answer,
    result: step?.tool === "aggregate" ? step.arguments.result : undefined,
    plan: step?.tool === "aggregate" ? step.arguments.plan : undefined,
  };
}

// Entities for the templates, discovered over REST.
async function entities() {
  const advertisers = (await api.get("/advertisers?limit=50")).data;
  const apps = (await api.get("/advertisers?focus=apps&limit=5")).data;
  const creators = (await api.get("/creators?limit=50")).data;
  let renamed = creators.find((c) => c.former_handles.length > 0);
  for (let cursor = null, page = 0; !renamed && page < 20; page++) {
    const body = await api.get(
      `/creators?limit=50&view=trending&window=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    renamed = body.data.find((c) => c.former_handles.length > 0);
    cursor = body.meta.next_cursor;
    if (!cursor) break;
  }
  const A1 = advertisers[0];
  const A2 = advertisers[1];
  const A3 = apps.find((a) => a.id !== A1.id && a.id !== A2.id) ?? advertisers[2];
  const A2domain = (await api.get(`/advertisers/${A2.id}`)).data.domain ?? A2.name;
  const trends = (await api.get("/trends?limit=50")).data;
  const hashtagReport = trends.find((t) => t.kind === "hashtag");
  const C4 = creators.find((c) => c.ad_count > 0) ?? creators[3];
  return {
    A1,
    A2,
    A3,
    A2domain,
    C1: creators[0],
    C2: creators[1],
    C3: creators[2],
    C4,
    renamed,
    risingTag: hashtagReport?.subject ?? "slugging",
  };
}

const fill = (q, e) =>
  q
    .replaceAll("{A1}", e.A1.name)
    .replaceAll("{A2}", e.A2.name)
    .replaceAll("{A3}", e.A3.name)
    .replaceAll("{A2domain}", e.A2domain)
    .replaceAll("{C1}", e.C1.handle)
    .replaceAll("{C2}", e.C2.handle)
    .replaceAll("{C3}", e.C3.handle)
    .replaceAll("{C4}", e.C4.handle)
    .replaceAll("{renamedOld}", e.renamed?.former_handles.at(-1) ?? "nobody")
    .replaceAll("{risingTag}", e.risingTag);

let passed = 0;
let asked = 0;
try {
  const e = await entities();
  for (const [index, item] of QUESTIONS.entries()) {
    if (values.only && !item.q.toLowerCase().includes(values.only.toLowerCase())) continue;
    const question = fill(item.q, e);
    asked += 1;
    let line;
    try {
      const truth = await item.truth(api, e);
      const got = await ask(question);
      const { ok, shown } = item.check(got, truth);
      if (ok) passed += 1;
      line = `${ok ? "PASS" : "FAIL"} ${String(index + 1).padStart(2)} ${question}  → got ${JSON.stringify(shown)}${ok ? "" : `, truth ${JSON.stringify(truth)} [${got.plan?.intent}/${got.plan?.subject}]`}`;
    } catch (error) {
      line = `ERR  ${String(index + 1).padStart(2)} ${question}  → ${error.message.slice(0, 200)}`;
    }
    process.stdout.write(`${line}\n`);
  }
  process.stdout.write(
    `\nanalyst eval: ${passed}/${asked} answered right (${asked ? Math.round((passed / asked) * 1000) / 10 : 0} %) on a ${values.videos}-video corpus (seed ${values.seed})\n`,
  );
} finally {
  stop();
}
process.exit(0);

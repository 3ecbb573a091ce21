// Authentication cost per request: API-key authenticate() against a floor of one bare HMAC-SHA256 in the same run.
// Usage: npx tsc -p tsconfig.json && node bench/identity-authenticate.mjs   (CRS_DIST=/other/outDir to override)
import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const dist = process.env.CRS_DIST ?? new URL("../dist/", import.meta.url).pathname;
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { openDb } = await load("store/connection.js");
const { loadConfig, publicUrls } = await load("config/index.js");
const { bootstrapIdentity } = await load("identity/bootstrap.js");
const { createAuthenticator } = await load("identity/authenticate.js");
const { createKey } = await load("identity/keys.js");
const pino = (await import("pino")).default;

const db = openDb(join(mkdtempSync(join(tmpdir(), "crs-bench-")), "crs.sqlite"));
const secret = "bench-pepper-0123456789";
const now = 1_800_000_000;
const { key } = bootstrapIdentity(db, secret, now);
// A realistic key table: many keys, so the prefix lookup goes through the index.
for (let i = 0; i < 2000; i++)
  createKey(
    db,
    secret,
    { orgName: "default", email: "admin@localhost", scopes: ["content:read"], actor: "bench" },
    now,
  );
const config = loadConfig({ env: {}, flags: { publicUrl: "http://127.0.0.1:8787" } });
let tick = now;
const auth = createAuthenticator({
  db,
  secret,
  clock: { nowSeconds: () => tick },
  config,
  urls: publicUrls(config),
  logger: pino({ level: "silent" }),
});
const request = {
  headers: { authorization: `Bearer ${key.secret}` },
  url: "/v1/videos?q=cats",
  endpoint: "rest",
};
const badRequest = {
  headers: { authorization: `Bearer crs_zzzzzzzz_${"A".repeat(32)}` },
  url: "/v1/videos",
  endpoint: "rest",
};

async function rate(label, n, fn) {
  for (let i = 0; i < Math.min(n, 2000); i++) await fn(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perSecond = n / seconds;
  console.log(
    `${label.padEnd(34)} ${Math.round(perSecond).toLocaleString("en").padStart(10)} /s  ${((seconds / n) * 1e6).toFixed(1)} µs/op`,
  );
  return perSecond;
}

const N = 30_000;
const floor = await rate("floor: one HMAC-SHA256", N, () =>
  createHmac("sha256", secret).update(key.secret).digest("hex"),
);
const ok = await rate("authenticate (valid key)", N, async (i) => {
  tick = now + Math.floor(i / 1000); // time moves, so the once-a-minute use write happens now and then
  await auth.authenticate(request);
});
const refused = await rate("authenticate (unknown key, 401)", N, async () => {
  try {
    await auth.authenticate(badRequest);
  } catch {}
});
console.log(`ratio valid/floor   ${(floor / ok).toFixed(1)}× slower than a bare HMAC`);
console.log(`ratio refused/floor ${(floor / refused).toFixed(1)}× slower than a bare HMAC`);

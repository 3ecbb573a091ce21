// `npm run bench [-- NAME [ARGS…]]`: runs one benchmark, or the quick set when no name is given.
// Benchmarks print figures and ratios against a floor measured in the same run; they never run in `npm test`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const BENCHES = {
  roundtrip: "REST and MCP round trips vs the in-process domain call; limiter overhead (quick)",
  limits: "limiter admit() cost per call against empty, point-read and FTS floors (quick)",
  "identity-authenticate": "API-key authentication cost vs one HMAC (quick)",
  corpus: "corpus generation vs bare inserts (--videos N, default 200000)",
  import: "JSONL import vs bare inserts (--records N, default 1000000; several minutes)",
  load: "REST and MCP search throughput at 32 connections vs a real `crs serve` (--cli DIST/cli.js, repeatable)",
  workers:
    "throughput of `crs serve --workers 2` vs 1 at 32 clients, limits ON, 20 000 corpus (--seconds, --videos)",
  engine:
    "search, feeds, similar hooks, creators/advertisers at 1M vs naive FTS (--db FILE of `crs init --videos 1000000`)",
};
const QUICK = ["roundtrip", "limits", "identity-authenticate"];

const [name, ...args] = process.argv.slice(2);
if (name && !(name in BENCHES)) {
  process.stderr.write(`unknown benchmark '${name}'. Available:\n`);
  for (const [n, d] of Object.entries(BENCHES)) process.stderr.write(`  ${n.padEnd(22)} ${d}\n`);
  process.exit(2);
}
if (!existsSync(join(here, "..", "dist", "cli.js"))) {
  process.stderr.write("dist/ is missing: run `npm run build` first.\n");
  process.exit(2);
}
const run = (bench, benchArgs) => {
  process.stdout.write(`\n=== ${bench}: ${BENCHES[bench]}\n`);
  const result = spawnSync(process.execPath, [join(here, `${bench}.mjs`), ...benchArgs], {
    stdio: "inherit",
  });
  return result.status ?? 1;
};
if (name) process.exit(run(name, args));
let failed = 0;
for (const bench of QUICK) failed += run(bench, []) === 0 ? 0 : 1;
process.stdout.write(
  `\nHeavier ones: ${Object.keys(BENCHES)
    .filter((b) => !QUICK.includes(b))
    .map((b) => `npm run bench -- ${b}`)
    .join(" · ")}\n`,
);
process.exit(failed === 0 ? 0 : 1);

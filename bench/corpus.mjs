// Corpus generation and classification throughput, against a floor measured in the same run: bare prepared
// inserts of N minimal rows into videos + videos_fts + 6 video_stats rows each (the generator's write volume).
// Usage: npx tsc -p tsconfig.json && node bench/corpus.mjs [--videos N] [--dist DIR]
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { videos: { type: "string", default: "200000" }, dist: { type: "string", default: "dist" } },
});
const N = Number(values.videos);
const dist = resolve(values.dist);
const { openDb } = await import(join(dist, "store/sqlite/connection.js"));
const { generateCorpus } = await import(join(dist, "ingest/generator/index.js"));
const { classifyVideos } = await import(join(dist, "ingest/classify/index.js"));

const NOW = 1_760_000_000;
const dir = mkdtempSync(join(tmpdir(), "crs-bench-corpus-"));
const rate = (n, ms) => Math.round((n / ms) * 1000);

// Floor.
const floorDb = openDb(join(dir, "floor.sqlite"));
floorDb.prepare("INSERT INTO creators (uid, handle, first_seen, updated_at) VALUES ('1', 'u', 0, 0)").run();
const video = floorDb.prepare(
  `INSERT INTO videos (id, seq, caption, created_at, media_type, hashtags, author_uid, source, stats_at, imported_at, updated_at)
   VALUES (?, ?, ?, ?, 'video', 'fyp travel', '1', 'bench', ?, ?, ?)`,
);
const fts = floorDb.prepare(
  "INSERT INTO videos_fts (rowid, caption, hook, transcript, hashtags) VALUES (?, ?, ?, '', 'fyp travel')",
);
const stat = floorDb.prepare("INSERT INTO video_stats VALUES (?, ?, ?, 0, 0, 0, 0)");
let t = performance.now();
for (let start = 0; start < N; start += 5000) {
  floorDb.transaction(() => {
    for (let i = start; i < Math.min(N, start + 5000); i++) {
      const id = String(7_300_000_000_000_000_000n + BigInt(i));
      const caption = `day ${i % 977} of my travel routine #fyp #travel`;
      video.run(id, i + 1, caption, NOW - (N - i), NOW, NOW, NOW);
      fts.run(i + 1, caption, "stop scrolling if you love travel");
      for (let k = 0; k < 6; k++) stat.run(id, NOW - k * 86_400, i);
    }
  })();
}
const floorMs = performance.now() - t;
floorDb.close();
console.log(`floor (bare inserts, same volume): ${rate(N, floorMs)} videos/s`);

const db = openDb(join(dir, "corpus.sqlite"));
t = performance.now();
const counts = generateCorpus(db, { videos: N, seed: 42, now: NOW });
const genMs = performance.now() - t;
console.log(
  `generateCorpus: ${N} videos in ${(genMs / 1000).toFixed(1)} s = ${rate(N, genMs)} videos/s ` +
    `(${(rate(N, genMs) / rate(N, floorMs)).toFixed(2)}× floor); ${counts.snapshots} snapshots, ` +
    `${(statSync(join(dir, "corpus.sqlite")).size / 1e6).toFixed(0)} MB`,
);
t = performance.now();
classifyVideos(db, NOW);
const classifyMs = performance.now() - t;
console.log(
  `classifyVideos: ${rate(N, classifyMs)} videos/s (${(rate(N, classifyMs) / rate(N, floorMs)).toFixed(2)}× floor)`,
);
db.close();
rmSync(dir, { recursive: true, force: true });

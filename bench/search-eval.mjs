// Search quality on the real files: P@10 and recall of text search over a fresh database holding the Apify
// Vietnamese hotel export (+ transcripts) and the Kaggle trending feed. The files are not part of the
// repository (unlicensed); pass the folder that holds them.
// Usage: npm run build && node bench/search-eval.mjs DATA_DIR [--dist DIR] [--db FILE]
//   DATA_DIR contains vn-hotels-apify/videos_apify_flat.csv (+ transcripts_1027.csv) and/or
//   kaggle-trending-dec2020/trending.json.
//
// Relevance oracle (my own, stated so the figures can be judged): a video is relevant to a query when the
// query's words, folded and with spaces removed, occur inside its folded caption + hashtags + transcript with
// spaces and punctuation removed ("skin care" is relevant to "#skincare", "protein" to "#proteinbowl",
// "da nang" to "Đà Nẵng"). Substring matching over-counts a little ("tau" inside "tautology"), so the
// queries are chosen to be specific. A plural query also takes its singular as relevant ("hotels": a video
// about a "hotel"), written beside it in QUERIES. P@10 = relevant among the first 10 results; recall = relevant found by
// paging through all results / relevant in the corpus.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dist: { type: "string", default: "dist" }, db: { type: "string" } },
});
const dataDir = positionals[0];
const files = dataDir
  ? {
      apify: join(dataDir, "vn-hotels-apify/videos_apify_flat.csv"),
      transcripts: join(dataDir, "vn-hotels-apify/transcripts_1027.csv"),
      kaggle: join(dataDir, "kaggle-trending-dec2020/trending.json"),
    }
  : null;
if (!files || (!existsSync(files.apify) && !existsSync(files.kaggle))) {
  console.error(
    `search-eval: ${dataDir ? `no real files under ${dataDir}` : "no DATA_DIR given"}.\n` +
      "Usage: node bench/search-eval.mjs DATA_DIR (the folder with vn-hotels-apify/ and kaggle-trending-dec2020/;\n" +
      "the real files are not part of the repository: point DATA_DIR at your local copy)",
  );
  process.exit(2);
}
const load = (p) => import(pathToFileURL(resolve(values.dist, p)).href);
const { openDb } = await load("store/connection.js");
const { importFile } = await load("ingest/importers/import-file.js");
const { readTranscriptFile } = await load("ingest/importers/transcripts.js");
const { afterIngest } = await load("ingest/pipeline.js");
const { searchVideos } = await load("domain/search/videos.js");
const { createSqliteStore } = await load("store/sqlite/index.js");
const { foldText } = await load("shared/text/normalize.js");

const dir = mkdtempSync(join(tmpdir(), "crs-search-eval-"));
const dbFile = values.db ?? join(dir, "crs.sqlite");
const db = openDb(dbFile);
const now = Math.floor(Date.now() / 1000);
if (existsSync(files.apify)) {
  const transcripts = existsSync(files.transcripts)
    ? (await readTranscriptFile(files.transcripts)).transcripts
    : undefined;
  const s = await importFile(db, files.apify, {
    now,
    transcripts,
    rejectsPath: join(dir, "a.rejects.jsonl"),
  });
  afterIngest(db, now, s.videoIds);
}
if (existsSync(files.kaggle)) {
  const s = await importFile(db, files.kaggle, { now, rejectsPath: join(dir, "k.rejects.jsonl") });
  afterIngest(db, now, s.videoIds);
}

const QUERIES = [
  "da nang",
  "Đà Nẵng",
  "phu quoc",
  "phuquoc",
  "vung tau",
  "Vũng Tàu",
  "can tho",
  "da lat",
  "ha long",
  "khach san gia re",
  "review khach san",
  "homestay",
  "hotel view",
  "skin care",
  "skincare",
  "protein",
  "merry christmas",
  "christmas",
  "resort",
  "ho boi",
  '"view bien"',
  "dance challenge",
  ["hotels", "hotel"],
  ["resorts", "resort"],
  ["villas", "villa"],
  ["beaches", "beach"],
  ["pools", "pool"],
  ["cities", "city"],
];

const compact = (s) => foldText(s).replace(/[^\p{L}\p{N}]+/gu, "");
const docs = db
  .prepare("SELECT id, caption, hashtags, coalesce(transcript, '') AS transcript FROM videos")
  .all()
  .map((r) => ({ id: r.id, text: compact(`${r.caption} ${r.hashtags} ${r.transcript}`) }));

const rows = [];
for (const entry of QUERIES) {
  const [q, ...alike] = typeof entry === "string" ? [entry] : entry;
  const needles = [q, ...alike].map(compact);
  const relevant = new Set(docs.filter((d) => needles.some((n) => d.text.includes(n))).map((d) => d.id));
  const store = createSqliteStore(db);
  const first = await searchVideos(store, { q, limit: 10 }, now);
  const top = first.items.map((v) => v.id);
  const found = new Set(top);
  let next = first.next;
  let pages = 0;
  while (next && pages++ < 200) {
    const page = await searchVideos(store, { q, limit: 100, after: next }, now);
    for (const v of page.items) found.add(v.id);
    next = page.next;
  }
  const p10 = top.length
    ? top.filter((id) => relevant.has(id)).length /
      Math.min(10, Math.max(top.length, Math.min(10, relevant.size)))
    : relevant.size === 0
      ? 1
      : 0;
  const hit = [...relevant].filter((id) => found.has(id)).length;
  rows.push({
    q,
    relevant: relevant.size,
    found: found.size,
    p10,
    recall: relevant.size ? hit / relevant.size : 1,
    hit,
  });
}
console.log(`${docs.length} videos indexed from ${dataDir}`);
console.log("query                     relevant  returned  P@10   recall");
for (const r of rows)
  console.log(
    `${r.q.padEnd(24)}  ${String(r.relevant).padStart(8)}  ${String(r.found).padStart(8)}  ${r.p10.toFixed(2)}  ${r.recall.toFixed(3)}`,
  );
const mean = (k) => rows.reduce((t, r) => t + r[k], 0) / rows.length;
const micro =
  rows.reduce((t, r) => t + r.hit, 0) /
  Math.max(
    1,
    rows.reduce((t, r) => t + r.relevant, 0),
  );
console.log(
  `mean P@10 ${mean("p10").toFixed(3)}  mean recall ${mean("recall").toFixed(3)}  pooled recall ${micro.toFixed(3)}`,
);
db.close();
if (!values.db) rmSync(dir, { recursive: true, force: true });

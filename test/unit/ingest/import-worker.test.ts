import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ParsedChunk, parseChunks } from "../../../src/ingest/importers/parse-chunks.js";
import { containerOf } from "../../../src/ingest/importers/read-records.js";
import { decodeRecords, encodeRecords } from "../../../src/ingest/importers/record-codec.js";
import type { MappedRecord } from "../../../src/ingest/importers/types.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { importState } from "../../helpers/import-state.js";

const NOW = 1_718_000_000;
const FIXTURES = join(import.meta.dirname, "../../fixtures/import");

async function chunksOf(file: string): Promise<ParsedChunk[]> {
  const chunks: ParsedChunk[] = [];
  for await (const chunk of parseChunks(file, await containerOf(file), { format: "auto", now: NOW }))
    chunks.push(chunk);
  return chunks;
}

describe("records passed from the parse worker", () => {
  it("decode to exactly the records mapped, for every format", async () => {
    const files = readdirSync(FIXTURES).filter((f) => !f.startsWith("transcripts"));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const name of files) {
      const records = (await chunksOf(join(FIXTURES, name))).flatMap((c) => c.records);
      expect(records.length, name).toBeGreaterThan(0);
      // Cloned as postMessage does. toEqual: an absent optional field comes back present and undefined
      // (the writer reads both alike); null and undefined stay apart.
      expect(decodeRecords(structuredClone(encodeRecords(records))), name).toEqual(records);
    }
  });

  it("keep undefined, null and each value apart in every optional field", () => {
    const base: MappedRecord = {
      video: {
        id: "7300000000000000001",
        caption: 'caption ✨ "quoted" \u2028 line',
        transcript: null,
        createdAt: 1_717_000_000,
        mediaType: "slideshow",
        region: "VN",
        language: "vi",
        durationS: 12.5,
        musicId: null,
        musicTitle: "Sound",
        musicAuthor: null,
        hashtags: ["fyp", "du lịch"],
        platformAd: false,
        platformAdEvidence: null,
        url: null,
      },
      creator: { uid: "6800", handle: "h", nickname: "", followers: 0, verified: false, region: null },
      uidFromHandle: false,
      stats: { plays: 0, likes: 0, comments: 0, shares: 0, saves: 0 },
      observedAt: null,
      advertiser: { name: "Brand", focus: "dtc", industry: null, domain: "brand.com", handle: null },
    };
    const variants: MappedRecord[] = [];
    for (const value of [undefined, null, "", "hook"]) {
      variants.push({ ...base, video: { ...base.video, hookText: value }, ownHook: value });
      if (value !== "hook")
        variants.push({ ...base, creator: { ...base.creator, houseAdvertiserId: value } });
    }
    for (const value of [undefined, true, false]) {
      variants.push({ ...base, creator: { ...base.creator, isHouse: value }, creatorRepeated: value });
    }
    for (const value of [undefined, [], ["hotelcantho", "khách sạn đà lạt"]])
      variants.push({ ...base, collections: value });
    // toEqual tells null from undefined (not an absent field from an undefined one: the writer reads both alike).
    expect(decodeRecords(structuredClone(encodeRecords(variants)))).toEqual(variants);
  });
});

function line(i: number): string {
  if (i % 997 === 5) return "{not json";
  if (i % 991 === 7) return JSON.stringify({ id: `v${i}`, caption: "no author" });
  const id = `v${i % 40_000}`; // ids repeat: updates and unchanged rows cross the worker's chunks
  return JSON.stringify({
    id,
    caption: `caption ${i % 50_000 === i ? "first" : "again"} #tag${i % 7}`,
    created_at: 1_717_000_000 + i,
    hashtags: [`tag${i % 7}`],
    author: { uid: `69${i % 3000}`, handle: `h${i % 3000}` },
    stats: { plays: i % 40_000 === i ? 1 : 2, likes: 1, comments: 0, shares: 0 },
  });
}

const state = (db: Db) => importState(db, "again");

describe("parsing on a worker thread", () => {
  // The worker runs compiled code: this imports the build (npm test builds first).
  it("imports exactly what parsing in-thread imports", async () => {
    const dist = join(import.meta.dirname, "../../../dist/ingest/importers");
    const { importFile } = (await import(
      join(dist, "import-file.js")
    )) as typeof import("../../../src/ingest/importers/import-file.js");
    const { parseWorkerAvailable } = (await import(
      join(dist, "parse-in-worker.js")
    )) as typeof import("../../../src/ingest/importers/parse-in-worker.js");
    expect(parseWorkerAvailable()).toBe(true);
    const run = async (parseInWorker: boolean) => {
      const { db, dir } = tempDb();
      const file = join(dir, "many.jsonl");
      writeFileSync(file, Array.from({ length: 60_000 }, (_, i) => line(i)).join("\n"));
      const summary = await importFile(db, file, { now: NOW, batchSize: 7000, parseInWorker });
      return { db, summary, rejects: readFileSync(`${file}.rejects.jsonl`, "utf8") };
    };
    const inThread = await run(false);
    const inWorker = await run(true);
    expect(inWorker.summary.rejected).toBeGreaterThan(100);
    expect(inWorker.summary.updated).toBeGreaterThan(1000);
    expect({ ...inWorker.summary, file: "", rejectsFile: "" }).toEqual({
      ...inThread.summary,
      file: "",
      rejectsFile: "",
    });
    expect(inWorker.rejects).toBe(inThread.rejects);
    expect(state(inWorker.db)).toEqual(state(inThread.db));
  });

  it("reports a file whose format cannot be detected as the in-thread parse does", async () => {
    const { importFile } = (await import(
      join(import.meta.dirname, "../../../dist/ingest/importers/import-file.js")
    )) as typeof import("../../../src/ingest/importers/import-file.js");
    const { db, dir } = tempDb();
    const file = join(dir, "odd.jsonl");
    writeFileSync(file, `${JSON.stringify({ something: "else" })}\n`);
    await expect(importFile(db, file, { now: NOW, parseInWorker: true })).rejects.toThrow(
      "cannot detect the format from its first record",
    );
  });
});

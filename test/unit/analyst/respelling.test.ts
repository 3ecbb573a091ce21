import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../../src/ingest/importers/import-file.js";
import { afterIngest } from "../../../src/ingest/pipeline.js";
import type { ToolRegistry } from "../../../src/registry/invoke.js";
import { DAY } from "../../../src/shared/clock.js";
import type { Db } from "../../../src/store/connection.js";
import { tempDb } from "../../helpers/db.js";
import { CORPUS_NOW } from "./corpus.js";
import { aggregateOf, askLocal, callTool, corpusRegistry } from "./harness.js";

/**
 * Misspelt place names ("vungtao", "da nag", "vung tua") read as the hashtag nearest to them, on a small scrape
 * written here: places tagged run together, one place also tagged with "hotel" run on (#dananghotel), and
 * a word the captions use one letter from a hashtag ("chilli", #chill). Expected counts come from the
 * search tool and SQL.
 */
let db: Db;
let registry: ToolRegistry;

const ask = (question: string) => askLocal(db, registry, question);

beforeAll(async () => {
  let dir: string;
  ({ db, dir } = tempDb());
  const items: { caption: string; tags: string[] }[] = [];
  const add = (n: number, caption: (k: number) => string, tags: string[]) => {
    for (let k = 0; k < n; k++) items.push({ caption: caption(k), tags });
  };
  add(6, (k) => `Khách sạn view biển Vũng Tàu giá tốt, phòng ${k}`, ["vungtau", "review"]);
  add(6, (k) => `The best hotel in Da Nang, sea view room ${k}`, ["danang", "hotel"]);
  add(5, (k) => `Phòng đẹp gần biển số ${k}`, ["dananghotel"]);
  add(5, (k) => `Bến Ninh Kiều buổi sáng số ${k}`, ["cantho"]);
  add(6, (k) => `Chill cuối tuần số ${k}`, ["chill"]);
  add(2, (k) => `Bún bò with chilli oil, bowl ${k}`, ["food"]);
  const file = join(dir, "apify.json");
  writeFileSync(
    file,
    JSON.stringify(
      items.map((it, i) => ({
        id: String(7_450_000_000_000_000_000n + BigInt(i)),
        text: `${it.caption} ${it.tags.map((t) => `#${t}`).join(" ")}`,
        textLanguage: "vi",
        createTime: CORPUS_NOW - (1 + i) * DAY,
        hashtags: it.tags.map((name) => ({ name })),
        authorMeta: {
          id: String(6_950_000 + (i % 4)),
          name: `trip${i % 4}`,
          nickName: `Trip ${i % 4}`,
          fans: 1000,
        },
        playCount: 1_000 * (i + 1),
        diggCount: 50 * (i + 1),
        commentCount: 5,
        shareCount: 2,
        collectCount: 3,
      })),
    ),
  );
  const summary = await importFile(db, file, { format: "apify", now: CORPUS_NOW });
  expect(summary.imported).toBe(items.length);
  afterIngest(db, CORPUS_NOW, summary.videoIds);
  registry = corpusRegistry(db);
});

const searchTotal = async (q: string) =>
  ((await callTool(registry, "service_search_videos", { q, limit: 1 })).meta as { total: number }).total;

describe("a misspelt place reads as the nearest hashtag the corpus uses, and the answer says so", () => {
  it.each([
    ["How many videos about vungtao?", "vungtao", ["vungtau"]],
    ["how many vung tua videos", "vung tua", ["vungtau"]],
    // Joined with "hotel" it is nearer #dananghotel, but #danang is the more used: the place, then the word.
    ["How many da nag hotel videos are there?", "da nag", ["danang", "hotel"]],
  ])("%s", async (question, written, topics) => {
    const answer = await ask(question);
    const { plan, result } = aggregateOf(answer);
    expect(plan.topics).toEqual(topics);
    expect(plan.respelt).toEqual([{ written, read_as: topics[0] }]);
    expect(plan.ignored).toEqual([]);
    expect(result.count).toBe(await searchTotal(topics.join(" ")));
    expect(result.count).toBeGreaterThan(0);
    expect(answer.caveats).toContain(
      `Read "${written}" as #${topics[0]}: the nearest spelling the corpus tags (what was written is not a word its videos use). If you meant something else, check the spelling.`,
    );
  });

  it("two places compared, one misspelt: both sides are measured", async () => {
    const answer = await ask("vungtao vs da nang: which gets more views?");
    const { plan } = aggregateOf(answer);
    expect(plan.compare_topics).toEqual(["vungtau", "danang"]);
    expect(plan.respelt).toEqual([{ written: "vungtao", read_as: "vungtau" }]);
    // Each side: the videos tagged with the place (the search finds #dananghotel for "danang" too).
    const median = (like: string) => {
      const xs = db
        .prepare("SELECT plays FROM videos WHERE hashtags LIKE ? ORDER BY plays")
        .pluck()
        .all(like) as number[];
      const mid = Math.floor(xs.length / 2);
      const m = xs.length % 2 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
      return `${m.toLocaleString("en-US")} median views per video over ${xs.length} videos.`;
    };
    expect(answer.findings.map((f) => f.statement).sort()).toEqual(
      [`vungtau: ${median("%vungtau%")}`, `danang: ${median("%danang%")}`].sort(),
    );
  });

  it("a word the captions use is never respelt, however near a hashtag ('chilli' is not #chill)", async () => {
    const answer = await ask("How many videos mention chilli?");
    const { plan, result } = aggregateOf(answer);
    expect(plan.topics).toEqual(["chilli"]);
    expect(plan.respelt).toBeUndefined();
    expect(result.count).toBe(2);
    expect(answer.caveats.join(" ")).not.toMatch(/nearest spelling/);
  });

  it("a word written right is read as written, and a word near nothing stays unused", async () => {
    const right = aggregateOf(await ask("How many videos about vung tau?")).plan;
    expect(right.topics).toEqual(["vungtau"]);
    expect(right.respelt).toBeUndefined();
    const far = aggregateOf(await ask("How many videos about zanzibar?")).plan;
    expect(far.respelt).toBeUndefined();
    expect(far.topics).not.toContain("danang");
  });
});

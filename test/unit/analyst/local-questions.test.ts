import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalEngine } from "../../../src/analyst/local/engine.js";
import type { Answer } from "../../../src/analyst/record.js";
import { fixedClock } from "../../../src/clock.js";
import type { Principal } from "../../../src/registry/types.js";
import type { Db } from "../../../src/store/connection.js";
import { analystCorpus, CORPUS_NOW } from "./corpus.js";

/**
 * Concrete questions over a generated corpus. Every expected answer is computed here by its own SQL
 * (window-function medians, GROUP BY rankings), not by the engine's code.
 */
let db: Db;
let end: number;
const DAY = 86_400;
const score = { asked: 0, correct: 0 };

const PRINCIPAL: Principal = {
  kind: "api_key",
  credentialId: "k",
  keyId: "k",
  keyPrefix: "p",
  clientId: null,
  userId: "u",
  orgId: "o",
  scopes: ["content:read", "agent:request"],
};

async function ask(question: string): Promise<Answer> {
  const engine = new LocalEngine({ db, clock: fixedClock(CORPUS_NOW) });
  return engine.answer({
    question,
    context: null,
    principal: PRINCIPAL,
    signal: new AbortController().signal,
    callTool: async () => ({}),
    method: () => [],
  });
}

/** Runs one question and counts it toward the reported score. */
async function check(question: string, verify: (answer: Answer) => void): Promise<void> {
  score.asked += 1;
  const answer = await ask(question);
  verify(answer);
  score.correct += 1;
}

const fmt = (n: number) => n.toLocaleString("en-US");
const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

// Breakouts are the stored feed definitions (breakout_score / early_breakout_score > 0, see the metrics guide).
const BREAKOUTS = "WITH breakouts AS (SELECT * FROM videos WHERE breakout_score > 0)";
const EARLY_BREAKOUTS = "WITH breakouts AS (SELECT * FROM videos WHERE early_breakout_score > 0)";

const topic = (word: string) => `seq IN (SELECT rowid FROM videos_fts WHERE videos_fts MATCH '"${word}"')`;

function sqlMedian(where: string, column = "plays"): number {
  const row = db
    .prepare(
      `WITH s AS (SELECT ${column} AS x, ROW_NUMBER() OVER (ORDER BY ${column}) AS rn, COUNT(*) OVER () AS n FROM videos WHERE ${where})
       SELECT AVG(x) AS m FROM s WHERE rn IN ((n + 1) / 2, (n + 2) / 2)`,
    )
    .get() as { m: number };
  return row.m;
}

const count = (where: string) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM videos WHERE ${where}`).get() as { n: number }).n;

beforeAll(() => {
  db = analystCorpus(4000);
  const latest = (db.prepare("SELECT MAX(stats_at) AS m FROM videos").get() as { m: number }).m;
  end = Math.min(CORPUS_NOW, latest);
});

afterAll(() => {
  // The score the brief asks to report; every question above must be answered correctly.
  console.info(`analyst local engine: ${score.correct}/${score.asked} questions answered correctly`);
  db.close();
});

describe("local engine answers concrete questions (expected answers by independent SQL)", () => {
  it("which advertiser had the most breakout ads in the US in the last 30 days", async () => {
    const rows = db
      .prepare(
        `${BREAKOUTS} SELECT advertiser_id AS id, COUNT(*) AS n FROM breakouts
         WHERE advertiser_id IS NOT NULL AND label_ad = 1 AND region = 'US' AND created_at >= ? GROUP BY advertiser_id ORDER BY n DESC`,
      )
      .all(end - 30 * DAY) as { id: string; n: number }[];
    expect(rows.length).toBeGreaterThan(1);
    const best = rows[0]?.n as number;
    await check("Which advertiser had the most breakout ads in the US in the last 30 days?", (a) => {
      const lead = a.findings[0]?.evidence[0];
      expect(lead?.type).toBe("advertiser");
      expect(rows.filter((r) => r.n === best).map((r) => r.id)).toContain(lead?.id);
      expect(lead?.figures.videos).toBe(best);
    });
  });

  it("which advertiser ran the most ads in Germany in the last 60 days", async () => {
    const rows = db
      .prepare(
        `SELECT advertiser_id AS id, COUNT(*) AS n FROM videos WHERE advertiser_id IS NOT NULL AND label_ad = 1
         AND region = 'DE' AND created_at >= ? GROUP BY advertiser_id ORDER BY n DESC`,
      )
      .all(end - 60 * DAY) as { id: string; n: number }[];
    const best = rows[0]?.n as number;
    await check("Which advertiser ran the most ads in Germany in the last 60 days?", (a) => {
      const lead = a.findings[0]?.evidence[0];
      expect(rows.filter((r) => r.n === best).map((r) => r.id)).toContain(lead?.id);
      expect(lead?.figures.videos).toBe(best);
    });
  });

  it("what hook patterns dominate breakouts in skincare", async () => {
    const rows = db
      .prepare(
        `${BREAKOUTS} SELECT hook_type, COUNT(*) AS n FROM breakouts WHERE label_hook = 1 AND ${topic("skincare")}
         GROUP BY hook_type ORDER BY n DESC`,
      )
      .all() as { hook_type: string; n: number }[];
    const hooked = rows.reduce((s, r) => s + r.n, 0);
    const best = rows[0]?.n as number;
    await check("What hook patterns dominate breakouts in skincare?", (a) => {
      const top = a.findings[0]?.evidence[0]?.figures.hook_type as string;
      expect(rows.filter((r) => r.n === best).map((r) => r.hook_type)).toContain(top);
      expect(a.summary).toContain(`${best} of ${hooked} hooked videos`);
    });
  });

  it("what hook patterns dominate early breakouts", async () => {
    const rows = db
      .prepare(
        `${EARLY_BREAKOUTS} SELECT hook_type, COUNT(*) AS n FROM breakouts WHERE label_hook = 1
         GROUP BY hook_type ORDER BY n DESC`,
      )
      .all() as { hook_type: string; n: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const best = rows[0]?.n as number;
    await check("What hook patterns dominate early breakouts?", (a) => {
      const top = a.findings[0]?.evidence[0]?.figures.hook_type as string;
      expect(rows.filter((r) => r.n === best).map((r) => r.hook_type)).toContain(top);
    });
  });

  it("compare @a and @b on engagement", async () => {
    const pair = db
      .prepare(
        `SELECT c.uid, c.handle, SUM(v.likes + v.comments + v.shares + v.saves) * 1.0 / SUM(v.plays) AS rate
         FROM creators c JOIN videos v ON v.author_uid = c.uid GROUP BY c.uid HAVING COUNT(*) >= 5 ORDER BY c.uid LIMIT 2`,
      )
      .all() as { uid: string; handle: string; rate: number }[];
    const [x, y] = pair as [(typeof pair)[0], (typeof pair)[0]];
    const winner = x.rate >= y.rate ? x : y;
    await check(`Compare @${x.handle} and @${y.handle} on engagement`, (a) => {
      expect(a.findings[0]?.evidence[0]?.id).toBe(x.uid);
      expect(a.findings[0]?.evidence[0]?.figures.engagement_rate).toBeCloseTo(x.rate, 4);
      expect(a.findings[1]?.evidence[0]?.figures.engagement_rate).toBeCloseTo(y.rate, 4);
      expect(a.summary.startsWith(`@${winner.handle} is ahead on engagement rate`)).toBe(true);
    });
  });

  it("how many ads were posted in Germany in the last 30 days", async () => {
    const n = count(`label_ad = 1 AND region = 'DE' AND created_at >= ${end - 30 * DAY}`);
    await check("How many ads were posted in Germany in the last 30 days?", (a) => {
      expect(a.summary).toBe(`There are ${fmt(n)} ads in DE in the last 30 days.`);
    });
  });

  it("what share of fitness videos are slideshows", async () => {
    const base = count(topic("fitness"));
    const part = count(`${topic("fitness")} AND media_type = 'slideshow'`);
    await check("What share of fitness videos are slideshows?", (a) => {
      expect(a.summary).toContain(`${pct(part, base)} %`);
      expect(a.summary).toContain(`(${part} of ${base})`);
    });
  });

  it("what share of ads in Japan have a hook", async () => {
    const base = count(`label_ad = 1 AND region = 'JP'`);
    const part = count(`label_ad = 1 AND region = 'JP' AND label_hook = 1`);
    await check("What share of ads in Japan have a hook?", (a) => {
      expect(a.summary).toContain(`(${part} of ${base})`);
    });
  });

  it("what is the median number of views of cooking videos in Brazil", async () => {
    const m = sqlMedian(`${topic("cooking")} AND region = 'BR'`);
    await check("What is the median number of views of cooking videos in Brazil?", (a) => {
      expect(a.summary).toContain(`is ${Number.isInteger(m) ? fmt(m) : m.toFixed(1)} (`);
    });
  });

  it("which creator has the most videos about skincare", async () => {
    const rows = db
      .prepare(
        `SELECT author_uid AS id, COUNT(*) AS n FROM videos WHERE ${topic("skincare")} GROUP BY author_uid ORDER BY n DESC`,
      )
      .all() as { id: string; n: number }[];
    const best = rows[0]?.n as number;
    await check("Which creator has the most videos about skincare?", (a) => {
      const lead = a.findings[0]?.evidence[0];
      expect(lead?.type).toBe("creator");
      expect(rows.filter((r) => r.n === best).map((r) => r.id)).toContain(lead?.id);
      expect(lead?.figures.videos).toBe(best);
    });
  });

  it("which hashtags are most common among breakout videos in the US", async () => {
    const tags = new Map<string, number>();
    const rows = db.prepare(`${BREAKOUTS} SELECT hashtags FROM breakouts WHERE region = 'US'`).all() as {
      hashtags: string;
    }[];
    for (const row of rows)
      for (const tag of new Set(row.hashtags.split(" ").filter(Boolean)))
        tags.set(tag, (tags.get(tag) ?? 0) + 1);
    const best = Math.max(...tags.values());
    await check("Which hashtags are most common among breakout videos in the US?", (a) => {
      const winner = a.summary.match(/is (\S+) \((\d+) videos\)/);
      expect(Number(winner?.[2])).toBe(best);
      expect(tags.get(winner?.[1] as string)).toBe(best);
    });
  });

  it("which region has the most ads about gaming", async () => {
    const rows = db
      .prepare(
        `SELECT region, COUNT(*) AS n FROM videos WHERE label_ad = 1 AND region IS NOT NULL AND ${topic("gaming")} GROUP BY region ORDER BY n DESC`,
      )
      .all() as { region: string; n: number }[];
    const best = rows[0]?.n as number;
    await check("Which region has the most ads about gaming?", (a) => {
      const winner = a.summary.match(/is ([A-Z]{2}) \((\d+) videos\)/);
      expect(Number(winner?.[2])).toBe(best);
      expect(rows.filter((r) => r.n === best).map((r) => r.region)).toContain(winner?.[1]);
    });
  });

  it("which language do skincare ads use most", async () => {
    const rows = db
      .prepare(
        `SELECT language, COUNT(*) AS n FROM videos WHERE label_ad = 1 AND language IS NOT NULL AND ${topic("skincare")} GROUP BY language ORDER BY n DESC`,
      )
      .all() as { language: string; n: number }[];
    await check("Which language do skincare ads use most?", (a) => {
      expect(a.summary).toContain(`is ${rows[0]?.language} (${rows[0]?.n} videos)`);
    });
  });

  it("do slideshows or videos get more views in fitness", async () => {
    const slides = sqlMedian(`${topic("fitness")} AND media_type = 'slideshow'`);
    const videos = sqlMedian(`${topic("fitness")} AND media_type = 'video'`);
    await check("Do slideshows or videos get more views in fitness?", (a) => {
      expect(a.summary.startsWith(slides > videos ? "Slideshows do better" : "Videos do better")).toBe(true);
    });
  });

  it("how many plays did skincare videos gain in the last 7 days", async () => {
    const since = end - 7 * DAY;
    const gained = db
      .prepare(
        `SELECT SUM(MAX(0, v.plays - COALESCE((SELECT s.plays FROM video_stats s WHERE s.video_id = v.id AND s.observed_at <= ?
           ORDER BY s.observed_at DESC LIMIT 1), 0))) AS g FROM videos v WHERE ${topic("skincare")}`,
      )
      .get(since) as { g: number };
    await check("How many plays did skincare videos gain in the last 7 days?", (a) => {
      expect(a.summary).toContain(`gained ${fmt(gained.g)} plays in the last 7 days`);
    });
  });

  it("what is the most viewed fitness ad in the last 30 days", async () => {
    const top = db
      .prepare(
        `SELECT id, plays FROM videos WHERE label_ad = 1 AND ${topic("fitness")} AND created_at >= ? ORDER BY plays DESC, id LIMIT 1`,
      )
      .get(end - 30 * DAY) as { id: string; plays: number };
    await check("What is the most viewed fitness ad in the last 30 days?", (a) => {
      expect(a.findings[0]?.evidence[0]?.id).toBe(top.id);
      expect(a.findings[0]?.evidence[0]?.figures.plays).toBe(top.plays);
    });
  });

  it("how many ads did a named advertiser run in the last 30 days", async () => {
    const adv = db
      .prepare(
        `SELECT a.id, a.name, COUNT(*) AS n FROM advertisers a JOIN videos v ON v.advertiser_id = a.id
         WHERE v.label_ad = 1 AND v.created_at >= ? GROUP BY a.id ORDER BY n DESC, a.id LIMIT 1`,
      )
      .get(end - 30 * DAY) as { id: string; name: string; n: number };
    await check(`How many ads did ${adv.name} run in the last 30 days?`, (a) => {
      expect(a.summary).toBe(`There are ${fmt(adv.n)} ads by ${adv.name} in the last 30 days.`);
    });
  });

  it("compare two advertisers on views", async () => {
    const pair = db
      .prepare(
        `SELECT a.id, a.name, SUM(v.plays) AS plays FROM advertisers a JOIN videos v ON v.advertiser_id = a.id
         GROUP BY a.id HAVING COUNT(*) >= 5 ORDER BY a.name LIMIT 2`,
      )
      .all() as { id: string; name: string; plays: number }[];
    const [x, y] = pair as [(typeof pair)[0], (typeof pair)[0]];
    const winner = x.plays >= y.plays ? x : y;
    await check(`Compare ${x.name} vs ${y.name} on views`, (a) => {
      expect(a.summary.startsWith(`${winner.name} is ahead on total plays (${fmt(winner.plays)}`)).toBe(true);
    });
  });

  it("what is the median engagement of Spanish videos", async () => {
    const m = sqlMedian(
      "language = 'es'",
      "CASE WHEN plays = 0 THEN 0 ELSE (likes + comments + shares + saves) * 1.0 / plays END",
    );
    await check("What is the median engagement of Spanish videos?", (a) => {
      expect(a.summary).toContain(
        `median engagement rate of videos in language es is ${(Math.round(m * 1e4) / 1e4).toFixed(4)}`,
      );
    });
  });

  it("every cited id resolves and every answer lists its aggregate and caveats", async () => {
    const a = await ask("Which advertiser had the most breakout ads in the US in the last 30 days?");
    for (const finding of a.findings)
      for (const e of finding.evidence) {
        const table =
          e.type === "video"
            ? "videos WHERE id"
            : e.type === "creator"
              ? "creators WHERE uid"
              : "advertisers WHERE id";
        expect(db.prepare(`SELECT 1 FROM ${table} = ?`).get(e.id)).toBeDefined();
      }
    expect(a.method.at(-1)?.tool).toBe("aggregate");
    expect(a.caveats.some((c) => c.includes("model-assisted"))).toBe(true);
    expect(a.caveats.some((c) => c.startsWith("Breakout:"))).toBe(true);
  });
});

import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { updateOrg } from "../../src/identity/orgs.js";
import { sqlOf } from "../helpers/sql.js";
import { connectModern } from "./helpers/mcp-clients.js";
import { getJson, type MutableClock, startTestServer, type TestServer } from "./helpers/server.js";

// Daily, hourly and monthly counters live in the database: a new server on the same file continues them.

const LIMITS = JSON.stringify({ dailyContent: { max: 5 }, analystHourlyCredential: { max: 4 } });
const QUESTION = "Which advertiser had the most breakout ads in the US in the last 30 days?";

const search = (t: TestServer) => getJson(`${t.url}/v1/videos?q=hook&limit=5`, t.key);

async function ask(t: TestServer) {
  const res = await fetch(`${t.url}/v1/agent/answers`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${t.key}`,
      "content-type": "application/json",
      accept: "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({ question: QUESTION }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Usage {
  analyst: {
    monthly: { limit: number; used: number; remaining: number };
    hourly: { credential: { used: number; remaining: number } };
    concurrency: { running: number };
  };
  search: { burst: { used: number }; daily: { limit: number; used: number; remaining: number } };
}

async function usage(t: TestServer): Promise<Usage> {
  const res = await getJson(`${t.url}/v1/usage`, t.key);
  expect(res.status).toBe(200);
  return res.body.data as Usage;
}

// Restarts a server on the same SQLite file: SQLite-specific (on PostgreSQL the counters live in the database
// server; test/e2e/instances.test.ts kills an instance and stops PostgreSQL); it still runs in the default run.
describe.skipIf(process.env.CRS_TEST_STORE === "postgres")(
  "counters survive a server restart on the same database file",
  () => {
    const open = new Set<TestServer>();
    let file: string | undefined;
    afterAll(async () => {
      for (const t of open) await t.close();
      if (file) rmSync(dirname(file), { recursive: true, force: true });
    });

    it("daily content, hourly and monthly analyst figures and the request windows carry over", async () => {
      const first = await startTestServer({ limits: LIMITS, keepFile: true });
      open.add(first);
      file = first.file;
      await updateOrg(sqlOf(first.db), "default", { analystMonthly: 3 }, first.clock.nowSeconds());
      expect((await search(first)).status).toBe(200);
      expect((await search(first)).status).toBe(200);
      const client = await connectModern(first.url, first.key);
      const viaMcp = (await client.callTool({
        name: "service_search_videos",
        arguments: { q: "hook", limit: 5 },
      })) as { isError?: boolean };
      expect(viaMcp.isError).toBeFalsy();
      await client.close();
      expect((await ask(first)).status).toBe(200);
      expect((await ask(first)).status).toBe(200);
      const before = await usage(first);
      expect(before.search.daily).toMatchObject({ limit: 5, used: 3, remaining: 2 });
      expect(before.analyst.monthly).toMatchObject({ limit: 3, used: 2, remaining: 1 });
      await first.close();
      open.delete(first);

      const clock: MutableClock = first.clock;
      const second = await startTestServer({ limits: LIMITS, file: first.file, key: first.key, clock });
      open.add(second);
      const after = await usage(second);
      expect(after.search.daily).toEqual(before.search.daily);
      expect(after.analyst.monthly).toEqual(before.analyst.monthly);
      expect(after.analyst.hourly).toEqual(before.analyst.hourly);
      expect(after.analyst.hourly.credential).toMatchObject({ used: 2, remaining: 2 });
      expect(after.analyst.concurrency.running).toBe(0);
      // The request windows live in the database file too: they carry over, plus this usage call.
      expect(after.search.burst.used).toBe(before.search.burst.used + 1);

      expect((await search(second)).status).toBe(200);
      expect((await search(second)).status).toBe(200);
      const spent = await search(second);
      expect(spent.status).toBe(429);
      expect(spent.body.control).toBe("dailyContent");

      expect((await ask(second)).status).toBe(200);
      const refused = await ask(second);
      expect(refused.status).toBe(429);
      expect(refused.body.control).toBe("analystMonthly");
      expect((await usage(second)).analyst.monthly).toMatchObject({ used: 3, remaining: 0 });
    });
  },
);

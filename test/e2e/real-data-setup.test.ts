import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/store/connection.js";

// The README's path for real data, as a person runs it: `crs init --empty` → `crs import` (every format) →
// `crs serve`, which answers a search over what was imported.

const CLI = resolve("dist/cli.js");
const FIXTURES = resolve("test/fixtures/import");
const FILES = [
  "apify-items.json",
  "apify-flat.csv",
  "collector.json",
  "tiktok-web.jsonl",
  "research-api.json",
  "project.jsonl",
];

let dir: string;
let server: ChildProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-real-"));
  for (const name of [...FILES, "transcripts.csv"]) copyFileSync(join(FIXTURES, name), join(dir, name));
});
afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

const crs = (args: string[]) => {
  const out = execFileSync(process.execPath, [CLI, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return out;
};

/** Runs a command and returns stdout and stderr (execFileSync keeps only stdout). */
function crsBoth(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

describe("init --empty → import → serve", () => {
  it("runs the whole path and the server answers a search over the imported videos", async () => {
    const db = join(dir, "real.sqlite");
    const init = JSON.parse(crs(["init", "--empty", "--db", db, "--json"])) as {
      empty: boolean;
      corpus: { videos: number };
      trend_reports: number;
      key: { secret: string; scopes: string[] };
    };
    expect(init.empty).toBe(true);
    expect(init.corpus.videos).toBe(0);
    expect(init.trend_reports).toBe(0);
    expect(init.key.scopes.sort()).toEqual(["agent:request", "content:read"]);

    const imported = await crsBoth(["import", ...FILES, "transcripts.csv", "--db", db, "--json"]);
    expect(imported.code).toBe(0);
    const summary = JSON.parse(imported.stdout) as { imported: number; files: { format: string }[] };
    expect(new Set(summary.files.map((f) => f.format))).toEqual(
      new Set(["apify", "collector", "tiktok-web", "research-api", "jsonl"]),
    );
    expect(summary.imported).toBeGreaterThan(5);
    // Off a TTY: one line per phase, each with its count.
    const lines = imported.stderr.split("\n").filter((l) => l.startsWith("crs import: "));
    for (const file of FILES)
      expect(lines.filter((l) => l.startsWith(`crs import: parse/write: ${file} [`))).toHaveLength(1);
    for (const phase of ["labels", "scores", "neighbours"])
      expect(
        lines.filter((l) => new RegExp(`^crs import: ${phase}: \\d+ video\\(s\\) in `).test(l)).length,
      ).toBe(lines.filter((l) => l.startsWith("crs import: labels:")).length);
    expect(lines.filter((l) => l.startsWith("crs import: labels:")).length).toBeGreaterThanOrEqual(
      FILES.length,
    );
    expect(lines.filter((l) => /^crs import: trends: \d+ trend report\(s\) in /.test(l))).toHaveLength(1);
    expect(imported.stderr.includes("\r") || imported.stderr.includes("\u001b[")).toBe(false); // no live redraws off a TTY

    server = spawn(process.execPath, [CLI, "serve", "--db", db, "--port", "0"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent", CRS_LIMITS: "off" },
    });
    let banner = "";
    const url = await new Promise<string>((found, fail) => {
      server?.stderr?.on("data", (c) => {
        banner += c;
        const m = /crs: serving (http:\/\/\S+) /.exec(banner);
        if (m?.[1]) found(m[1]);
      });
      server?.on("exit", (code) => fail(new Error(`crs serve exited ${code}: ${banner}`)));
    });
    expect(banner).not.toMatch(/creating the embedded corpus/);
    const res = await fetch(`${url}/v1/videos?q=rooftop+pool`, {
      headers: { authorization: `Bearer ${init.key.secret}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: string }[] };
    expect(body.data.map((v) => v.id)).toContain("7400000000000000001");
    const all = (await (
      await fetch(`${url}/v1/videos?limit=50`, { headers: { authorization: `Bearer ${init.key.secret}` } })
    ).json()) as { data: unknown[] };
    expect(all.data.length).toBe(summary.imported);
  });

  it("accepts --videos 0 as --empty and refuses --empty with a corpus size", async () => {
    const db = join(dir, "zero.sqlite");
    const init = JSON.parse(crs(["init", "--videos", "0", "--db", db, "--json"])) as {
      empty: boolean;
      corpus: { videos: number };
    };
    expect(init).toMatchObject({ empty: true, corpus: { videos: 0 } });
    const refused = await crsBoth(["init", "--empty", "--videos", "5", "--db", join(dir, "other.sqlite")]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--empty creates no synthetic corpus/);
    expect(readdirSync(dir)).not.toContain("other.sqlite");
  });

  it("dates an old export with --observed-at and refuses a date that is not one, or in the future", async () => {
    const db = join(dir, "observed.sqlite");
    crs(["init", "--empty", "--db", db, "--json"]);
    const imported = await crsBoth(["import", "apify-flat.csv", "--observed-at", "2024-06-30", "--db", db]);
    expect(imported.code).toBe(0);
    // An Apify export carries no scrape time: every count is dated when the file was collected.
    const file = openDb(db);
    try {
      expect(file.prepare("SELECT DISTINCT observed_at FROM video_stats").all()).toEqual([
        { observed_at: Date.UTC(2024, 5, 30) / 1000 },
      ]);
    } finally {
      file.close();
    }
    for (const [value, reason] of [
      ["2025-02-30", /not a calendar date/],
      ["yesterday", /is not a date: give 2025-05-13/],
      ["2099-01-01", /in the future/],
    ] as const) {
      const refused = await crsBoth(["import", "apify-flat.csv", "--observed-at", value, "--db", db]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(reason);
    }
  });
});

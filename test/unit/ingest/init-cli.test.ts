import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run as classify } from "../../../src/cli/classify.js";
import { CliError } from "../../../src/cli/common.js";
import { run as init } from "../../../src/cli/init.js";
import { openDb } from "../../../src/store/connection.js";

let dir: string;
let file: string;
let stdout: string[];
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-init-"));
  file = join(dir, "crs.sqlite");
  stdout = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
  stderr = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe("crs init / crs classify", () => {
  it("reports progress in whole lines when stderr is no terminal (a log, CI)", async () => {
    expect(process.stderr.isTTY).toBeFalsy();
    expect(await init(["--db", file, "--videos", "10000", "--seed", "5", "--json"])).toBe(0);
    const progress = stderr.filter((line) => line.includes("corpus"));
    expect(progress).toEqual([
      "crs init: corpus 5000/10000 videos\n",
      "crs init: corpus 10000/10000 videos\n",
    ]);
    expect(stderr.join("")).not.toContain("\r");
  });

  it("initialises once, prints the key once, refuses a second run unless --force", async () => {
    expect(await init(["--db", file, "--videos", "300", "--seed", "5", "--json"])).toBe(0);
    const first = JSON.parse(stdout.join("")) as {
      corpus: { videos: number };
      key: { secret: string };
      seed: number;
    };
    expect(first.corpus.videos).toBe(300);
    expect(first.seed).toBe(5);
    expect(first.key.secret.length).toBeGreaterThan(20);

    await expect(init(["--db", file, "--videos", "300"])).rejects.toThrow(/--force/);

    stdout = [];
    expect(await init(["--db", file, "--videos", "200", "--force"])).toBe(0);
    expect(stdout.join("")).toMatch(/initialised .* 200 videos/);
    const db = openDb(file);
    expect(db.prepare("SELECT count(*) AS n FROM videos").get()).toEqual({ n: 200 });
    expect(db.prepare("SELECT count(*) AS n FROM organisations").get()).toEqual({ n: 1 });
    db.close();

    stdout = [];
    expect(await classify(["--db", file, "--json"])).toBe(0);
    const counts = JSON.parse(stdout.join("")) as { videos: number; hooks: number };
    expect(counts.videos).toBe(200);
    expect(counts.hooks).toBeGreaterThan(0);
  });

  it("rejects bad flags with a one-line CliError", async () => {
    await expect(init(["--db", file, "--videos", "ten"])).rejects.toBeInstanceOf(CliError);
    await expect(init(["--db", file, "--bogus"])).rejects.toBeInstanceOf(CliError);
    expect(existsSync(file)).toBe(false);
    await expect(classify(["--db", file])).rejects.toThrow(/no videos/);
  });
});

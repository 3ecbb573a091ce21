import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "../../src/store/sqlite/driver.js";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

const CLI = join(import.meta.dirname, "..", "..", "dist", "cli.js");
const APP = "https://app.example.com";

/** `crs serve` with settings that cannot work: it must refuse at once with a one-line reason. */
function serveRefused(args: string[], env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "crs-start-"));
  try {
    const run = spawnSync(
      process.execPath,
      [CLI, "serve", "--db", join(dir, "crs.sqlite"), "--port", "0", ...args],
      {
        env: { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent", ...env },
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    return { status: run.status, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("start-up refuses settings that cannot work", () => {
  it("binding every interface without --public-url", () => {
    const run = serveRefused(["--host", "0.0.0.0", "--workers", "1"], {});
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/--public-url/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("the anthropic analyst engine without ANTHROPIC_API_KEY", () => {
    const run = serveRefused(["--workers", "1"], { CRS_ANALYST_ENGINE: "anthropic" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/ANTHROPIC_API_KEY/);
  });

  it("a CORS origin that is not an exact origin ('*', a path)", () => {
    for (const value of ["*", "https://app.example.com/path"]) {
      const run = serveRefused(["--workers", "1"], { CRS_CORS_ORIGINS: value });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/CRS_CORS_ORIGINS/);
    }
  });
});

describe("a start that fails on a damaged database file", () => {
  it("exits with the reason, leaving no port bound and no worker behind (--workers 1 and 2)", () => {
    const dir = mkdtempSync(join(tmpdir(), "crs-damaged-"));
    try {
      const file = join(dir, "crs.sqlite");
      const env = { PATH: process.env.PATH ?? "", CRS_LOG_LEVEL: "silent" };
      const init = spawnSync(process.execPath, [CLI, "init", "--db", file, "--videos", "20"], {
        env,
        encoding: "utf8",
      });
      expect(init.status, init.stderr).toBe(0);
      // The analyst runs table and its indexes, read as the service starts (interrupted runs are recovered),
      // overwritten with bytes no page has.
      const db = new Database(file);
      db.pragma("wal_checkpoint(TRUNCATE)");
      const pageSize = db.pragma("page_size", { simple: true }) as number;
      const pages = db
        .prepare("SELECT rootpage FROM sqlite_master WHERE tbl_name = 'analyst_runs' AND rootpage > 0")
        .pluck()
        .all() as number[];
      db.close();
      expect(pages.length).toBeGreaterThan(0);
      const fd = openSync(file, "r+");
      for (const page of pages)
        writeSync(
          fd,
          Buffer.concat([Buffer.from([13, 0, 0, 0, 5, 15, 255]), Buffer.alloc(pageSize - 7, 0xab)]),
          0,
          pageSize,
          (page - 1) * pageSize,
        );
      closeSync(fd);
      for (const workers of ["1", "2"]) {
        const run = spawnSync(
          process.execPath,
          [CLI, "serve", "--db", file, "--port", "0", "--workers", workers],
          {
            env,
            encoding: "utf8",
            timeout: 60_000,
          },
        );
        // Not killed by the timeout: it stopped by itself.
        expect(run.signal, workers).toBeNull();
        expect(run.status, workers).toBe(1);
        expect(run.stderr, workers).toMatch(/database disk image is malformed/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("CORS, /mcp body limit and /readyz", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { CRS_CORS_ORIGINS: APP } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const preflight = (path: string, origin: string) =>
    fetch(`${t.url}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": path === "/mcp" ? "POST" : "GET",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });

  it("answers an allowed origin's preflight before authentication, naming that origin (never *)", async () => {
    for (const path of ["/v1/videos", "/mcp"]) {
      const res = await preflight(path, APP);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(APP);
      expect(res.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const other = await preflight("/v1/videos", "https://evil.example.net");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("marks an allowed origin's answers and exposes the limit headers", async () => {
    const res = await getJson(`${t.url}/v1/videos?limit=1`, t.key, { headers: { Origin: APP } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(APP);
    expect(res.headers.get("access-control-expose-headers")).toMatch(/X-Request-Id/);
    expect(res.headers.get("vary")).toMatch(/Origin/);
  });

  it("answers an oversized /mcp body with 413 and a JSON-RPC error naming the real limit", async () => {
    const res = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${t.key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1_100_000) } }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { jsonrpc: string; error: { message: string } };
    expect(body.jsonrpc).toBe("2.0");
    expect(body.error.message).toMatch(/1 MiB/);
  });

  it("/readyz is ready on a migrated database with a corpus, and not ready without a corpus", async () => {
    const ready = await getJson(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
    await t.sql.run("DELETE FROM videos");
    const empty = await getJson(`${t.url}/readyz`);
    expect(empty.status).toBe(503);
    expect(String(empty.body.database)).toMatch(/no corpus/);
    expect(empty.headers.get("retry-after")).not.toBeNull();
  });
});

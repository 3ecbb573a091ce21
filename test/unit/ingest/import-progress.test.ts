import { describe, expect, it } from "vitest";
import { eta, ImportProgress } from "../../../src/ingest/importers/progress-bar.js";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

/** A clock the test moves by hand. */
function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("import progress", () => {
  it("on a TTY: a live bar with records and an ETA, then one summary line per phase", () => {
    const out = stream(true);
    const c = clock();
    const p = new ImportProgress(out, c.now);
    p.start("parse/write", "items.json");
    c.advance(1000);
    p.update(250, { bytesRead: 250, totalBytes: 1000 });
    expect(out.written.at(-1)).toMatch(/parse\/write items\.json \[######-+\] 25% 250 records, ETA 3 s$/);
    c.advance(50);
    const drawn = out.written.length;
    p.update(260, { bytesRead: 260, totalBytes: 1000 }); // within 100 ms: not redrawn
    expect(out.written).toHaveLength(drawn);
    c.advance(1950);
    p.end("items.json [apify]: imported 1000, updated 0, rejected 0, unchanged 0");
    expect(out.written.at(-1)).toBe(
      "\r\u001b[Kparse/write items.json [apify]: imported 1000, updated 0, rejected 0, unchanged 0 in 3.0 s\n",
    );
    for (const phase of ["labels", "scores", "neighbours", "trends"] as const) {
      p.start(phase, "1,000 video(s)");
      expect(out.written.at(-1)).toBe(`\r\u001b[K${phase.padEnd(11)} 1,000 video(s) …`);
      c.advance(400);
      p.end("1,000 video(s)");
      expect(out.written.at(-1)).toBe(`\r\u001b[K${phase.padEnd(11)} 1,000 video(s) in 0.4 s\n`);
    }
  });

  it("off a TTY: exactly one line per finished phase, no redraws", () => {
    const out = stream(false);
    const c = clock();
    const p = new ImportProgress(out, c.now);
    p.start("parse/write", "a.csv");
    c.advance(500);
    p.update(10, { bytesRead: 5, totalBytes: 10 });
    p.end("a.csv [apify]: imported 10, updated 0, rejected 0, unchanged 0");
    p.start("labels", "10 video(s)");
    p.end("10 video(s)");
    expect(out.written).toEqual([
      "crs import: parse/write: a.csv [apify]: imported 10, updated 0, rejected 0, unchanged 0 in 0.5 s\n",
      "crs import: labels: 10 video(s) in 0.0 s\n",
    ]);
  });

  it("extrapolates the ETA only once there is a rate to extrapolate", () => {
    expect(eta(0, 5000)).toBe("ETA …");
    expect(eta(0.5, 100)).toBe("ETA …");
    expect(eta(0.5, 10_000)).toBe("ETA 10 s");
    expect(eta(0.1, 60_000)).toBe("ETA 9 min 0 s");
  });
});

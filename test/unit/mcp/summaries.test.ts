import { describe, expect, it } from "vitest";
import type { Answer } from "../../../src/domain/schemas/analyst-record.js";
import {
  advertiserPageSummary,
  answerSummary,
  creatorPageSummary,
  pageSummary,
  pageTail,
  similarHookSummary,
  videoPageSummary,
} from "../../../src/tools/summaries.js";

describe("text summaries", () => {
  it("names every item on its own line and ends with the exact cursor", () => {
    const text = pageSummary(
      "creator",
      { total: 40, has_more: true, next_cursor: "abc.DEF-123_x" },
      'for "cats"',
      ["u1 @one", "u2 @two", "u3 @three", "u4 @four", "u5 @five", "u6 @six"],
    );
    expect(text.split("\n")).toEqual([
      '6 creator(s) of 40 for "cats":',
      "- u1 @one",
      "- u2 @two",
      "- u3 @three",
      "- u4 @four",
      "- u5 @five",
      "- u6 @six",
      'More results: call again with the same parameters and cursor "abc.DEF-123_x".',
    ]);
  });

  it("says when there is no more, and when the 20-page cap stopped the traversal", () => {
    expect(pageTail({ has_more: false, next_cursor: null })).toBe("No more results.");
    expect(pageTail({ has_more: false, next_cursor: null, truncated: true })).toMatch(/20-page cap/);
    expect(pageSummary("video", { total: 0, has_more: false, next_cursor: null }, "", [])).toBe(
      "0 video(s) of 0.\nNo more results.",
    );
  });

  it("a search of several words that found nothing says which word to leave out", () => {
    const meta = { count: 0, total: 0, has_more: false, next_cursor: null };
    const relaxed = [
      { without: "cheap", total: 77 },
      { without: '"book now"', total: null },
    ];
    expect(videoPageSummary([], { ...meta, relaxed }, 'for "cheap hotel da lat"').split("\n")).toEqual([
      '0 video(s) of 0 for "cheap hotel da lat".',
      "No more results.",
      'No video holds every word; without cheap: 77 video(s); without "book now": some videos.',
    ]);
    expect(videoPageSummary([], { ...meta, relaxed: [], unmatched: ["qqqzz", "xxyyw"] }, "")).toBe(
      "0 video(s) of 0.\nNo more results.\nNo video holds every word, and leaving out any one of them still finds none: search fewer words.\nIn no video at all: qqqzz, xxyyw.",
    );
    expect(videoPageSummary([], meta, "")).toBe("0 video(s) of 0.\nNo more results.");
  });

  it("a trending list shows each one's plays gained, a new list when each was first seen", () => {
    const meta = { count: 1, total: null, has_more: false, next_cursor: null };
    const creator = {
      uid: "6900001",
      handle: "stay1",
      nickname: "Stay 1",
      former_handles: [],
      followers: 2000,
      verified: false,
      region: null,
      flags: { advertised: false, hire_ready: false, house: false },
      growth: 1234,
      window_days: 7,
      video_count: 3,
      ad_count: 0,
      first_seen: "2025-05-13T00:00:00.000Z",
    };
    expect(creatorPageSummary([creator], meta, "matching the filters", "trending").split("\n")[1]).toBe(
      "- 6900001 @stay1 (Stay 1), 3 video(s), 2000 followers, +1234 plays in 7 days",
    );
    expect(creatorPageSummary([creator], meta, "matching the filters", "new").split("\n")[1]).toBe(
      "- 6900001 @stay1 (Stay 1), 3 video(s), 2000 followers, first seen 2025-05-13",
    );
    expect(creatorPageSummary([creator], meta, "matching the filters", "all").split("\n")[1]).toBe(
      "- 6900001 @stay1 (Stay 1), 3 video(s), 2000 followers",
    );
    const advertiser = {
      id: "72afa8d9-2255-4bbe-a8f8-72f431268be1",
      name: "Keypad Hotel",
      focus: "other" as const,
      industry: null,
      aliases: [],
      video_count: 8,
      creator_count: 1,
      growth: 39710,
      window_days: 0,
      first_seen: "2025-05-13T00:00:00.000Z",
    };
    expect(advertiserPageSummary([advertiser], meta, "", "trending").split("\n")[1]).toBe(
      "- 72afa8d9-2255-4bbe-a8f8-72f431268be1 Keypad Hotel (other), 8 video(s), +39710 plays today (UTC)",
    );
  });

  it("says why a video has no similar hooks, and what to do instead", () => {
    const meta = { count: 0, total: 0, has_more: false, next_cursor: null };
    const lines = similarHookSummary([], meta, "7285726896178941202").split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "0 video(s) of 0 with a hook similar to video 7285726896178941202.",
      "No more results.",
    ]);
    expect(lines[2]).toMatch(/^No hook is similar enough to list: a video without a hook has none/);
    expect(lines[2]).toMatch(/service_search_videos/);
  });

  it("gives the analyst's findings with their evidence ids and caveats", () => {
    const answer: Answer = {
      summary: "Brand A leads.",
      findings: [
        {
          statement: "Brand A has 3 videos.",
          evidence: [
            { type: "advertiser", id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", figures: { videos: 3 } },
            { type: "video", id: "7311", figures: {} },
          ],
        },
        { statement: "No creator is exclusive.", evidence: [] },
      ],
      method: [],
      caveats: ["Labels are model-assisted."],
      engine: "local",
    };
    const text = answerSummary(answer, "run-1");
    expect(text).toContain(
      "1. Brand A has 3 videos.\n   Evidence: advertiser 7c9e6679-7425-40de-944b-e07fc1f90ae7, video 7311",
    );
    expect(text).toContain("2. No creator is exclusive.\n   Evidence: none");
    expect(text).toContain("- Labels are model-assisted.");
    expect(text).toContain("Analyst request run-1 (engine local).");
  });
});

import { describe, expect, it } from "vitest";
import { hourSpans, utcHours } from "../../../src/analyst/local/lexicon.js";

/** Each span read: its clock, the part of the day named, whether bounded, and the words. */
const read = (q: string) =>
  hourSpans(q.toLowerCase()).map((s) => [s.label, s.part ?? null, s.bounded, s.phrase]);

describe("hours of the day written in a question", () => {
  it("reads clock ranges in 12- and 24-hour form, one end's am/pm shared, past midnight too", () => {
    expect(read("videos posted between 6-9am")).toEqual([["06:00-09:00", null, true, "between 6-9am"]]);
    expect(read("between 6pm and 10pm")).toEqual([["18:00-22:00", null, true, "between 6pm and 10pm"]]);
    expect(read("posts from 11-1pm")).toEqual([["11:00-13:00", null, true, "from 11-1pm"]]);
    expect(read("from 10pm to 2am")).toEqual([["22:00-02:00", null, true, "from 10pm to 2am"]]);
    expect(read("between midnight and 4am")).toEqual([
      ["00:00-04:00", null, true, "between midnight and 4am"],
    ]);
    expect(read("evening posts (18:00–22:00)")).toEqual([["18:00-22:00", "evening", false, "18:00–22:00"]]);
    // Minutes off the hour widen the span to whole hours.
    const [half] = hourSpans("6:30-9:15pm");
    expect([half?.label, half?.widened]).toEqual(["18:00-22:00", true]);
    // Bare numbers are hours only with a clock's mark, "UTC", or a part of the day before them.
    expect(read("morning (06-12 UTC) vs afternoon (12-18)")).toEqual([
      ["06:00-12:00", "morning", false, "06-12 utc"],
      ["12:00-18:00", "afternoon", false, "12-18"],
    ]);
    expect(read("creators with 10-20 videos")).toEqual([]);
    // A part of the day set against a span read before it (stop 68).
    expect(read("median plays of videos posted at night (after 9pm) vs in the morning")).toEqual([
      ["21:00-24:00", null, true, "after 9pm"],
      ["06:00-12:00", "morning", true, "morning"],
    ]);
    expect(read("videos from 2023-2024")).toEqual([]);
    expect(read("top 10 videos 7-12 seconds long")).toEqual([]);
    expect(read("like rate between 3-5%")).toEqual([]);
    // One end only, a clock written as one: from it to midnight, or from midnight to it.
    expect(read("posted after 10pm")).toEqual([["22:00-24:00", null, true, "after 10pm"]]);
    expect(read("posts before noon")).toEqual([["00:00-12:00", null, true, "before noon"]]);
    expect(read("after 10:30pm")).toEqual([["23:00-24:00", null, true, "after 10:30pm"]]);
    // ("After midnight": the small hours, as "night" reads them, not the whole day.)
    expect(read("do hotel vids posted after midnight flop?")).toEqual([
      ["00:00-06:00", null, true, "after midnight"],
    ]);
    expect(read("late-night posts (after 10pm vietnam time)")).toEqual([
      ["22:00-24:00", null, true, "after 10pm"],
    ]);
    expect(read("videos posted after 2023")).toEqual([]);
    expect(read("after 10 videos")).toEqual([]);
  });

  it("reads a part of the day only after a verb of posting, not as what a video shows", () => {
    expect(read("do videos posted in the evening do better than morning posts?")).toEqual([
      ["18:00-24:00", "evening", true, "posted in the evening"],
      ["06:00-12:00", "morning", true, "morning posts"],
    ]);
    expect(read("late-night uploads")).toEqual([["00:00-06:00", "late-night", true, "late-night uploads"]]);
    expect(read("Da Lat at night videos")).toEqual([]);
    expect(read("best videos of the night market")).toEqual([]);
  });

  it("shifts a span to UTC hours, wrapping past midnight", () => {
    expect(utcHours({ from: 18, to: 22 }, 7)).toEqual([11, 12, 13, 14]);
    expect(utcHours({ from: 22, to: 2 }, 0)).toEqual([22, 23, 0, 1]);
    expect(utcHours({ from: 0, to: 3 }, 7)).toEqual([17, 18, 19]);
    expect(utcHours({ from: 18, to: 24 }, 0)).toEqual([18, 19, 20, 21, 22, 23]);
  });
});

describe("one clock time after a verb of posting (stop 51)", () => {
  it("'posting at 8pm', 'posted at midnight', 'post at 20:00' are that hour; 'at 8 hotels' is none", () => {
    expect(read("is posting at 8pm bad?")).toEqual([["20:00-21:00", null, false, "at 8pm"]]);
    expect(read("videos posted at midnight")).toEqual([["00:00-01:00", null, false, "at midnight"]]);
    expect(read("should i post at 20:00")).toEqual([["20:00-21:00", null, false, "at 20:00"]]);
    expect(read("posted at 8 hotels")).toEqual([]);
    expect(read("posted at 6-9pm")).toEqual([["18:00-21:00", null, false, "6-9pm"]]);
  });
});

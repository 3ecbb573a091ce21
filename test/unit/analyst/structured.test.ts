import { describe, expect, it } from "vitest";
import { fromStructured } from "../../../src/analyst/local/structured.js";

describe("an agent's request as data, written back as a question", () => {
  it("reads a JSON object's task, entity, metric, filter, limit, exclusions and group", () => {
    expect(
      fromStructured(
        '{"task":"rank","entity":"hashtags","metric":"median_playCount","filter":{"input":"hoteldaklak","year":2024},"min_n":3,"exclude":["xuhuong","fyp"],"limit":10}',
      ),
    ).toBe(
      "rank top 10 hashtags, by median playCount, #hoteldaklak search, in 2024, with at least 3 videos, excluding xuhuong, fyp",
    );
    expect(
      fromStructured(
        '{"task":"compare","groups":[{"hashtag":"couple"},{"hashtag":"staycation"}],"metric":"n"}',
      ),
    ).toBe("compare #couple vs #staycation, by number of videos");
    expect(
      fromStructured('{"task":"list","filter":{"authorMeta/fans":{"gte":1000}},"sort":"playCount desc"}'),
    ).toBe("list, authorMeta/fans at least 1000, by playCount");
    expect(fromStructured('{"task":"count","filter":{"isAd":true},"group_by":"year"}')).toBe(
      "count, ads, by year",
    );
    // A handle keeps its "_"; a share of the total by account is the leading accounts' share.
    expect(
      fromStructured('{"task":"compare","entities":["nhatrangnew201","lacanhatrang_79"],"metric":"n"}'),
    ).toBe("compare @nhatrangnew201 vs @lacanhatrang_79, by number of videos");
    expect(
      fromStructured(
        "metric=share_of_total(playCount); group_by=authorMeta/name; where=input:hotelhaiphong; top=3",
      ),
    ).toBe("what share of playCount do the top 3 creators get, #hotelhaiphong search");
  });

  it("reads a function call and fields written apart", () => {
    expect(fromStructured('get_top_videos(topic="Hạ Long", n=5, sort="shares")')).toBe(
      "top 5 videos, about Hạ Long, by shares",
    );
    expect(
      fromStructured(
        "metric=median(playCount); group_by=month; where=input:hotelphuquy; range=2024-01..2025-05",
      ),
    ).toBe("median playCount, #hotelphuquy search, from 2024-01 to 2025-05, by month");
    expect(
      fromStructured("metric=median(diggCount); group_by=hour(createTimeISO, tz=+7); where=input:hotelhue"),
    ).toBe("median diggCount, #hotelhue search, by hour in Vietnam time");
    expect(fromStructured("metric=p90(playCount), p50(playCount); group_by=month")).toBe(
      "p90, p50 of playCount, by month",
    );
  });

  it("leaves prose alone, and input it cannot read", () => {
    for (const text of [
      "how many dalat videos are there?",
      "hotel videos: weekends or weekdays?",
      "Note: median views; Q2: top creators",
      "{not json at all",
      "{}",
      '{"a":',
      "[1, 2, 3]",
      "get_top_videos()",
      `{"task":"${"x".repeat(5000)}"}`,
      '{"task":"rank","sort":{"by":"plays"},"filter":[1,2],"metric":{"a":1}}',
    ])
      expect(() => fromStructured(text), text).not.toThrow();
    expect(fromStructured("how many dalat videos are there?")).toBeNull();
    expect(fromStructured("hotel videos: weekends or weekdays?")).toBeNull();
    expect(fromStructured("Note: median views; Q2: top creators")).toBeNull();
    expect(fromStructured("{not json at all")).toBeNull();
    expect(fromStructured("{}")).toBeNull();
    expect(fromStructured("[1, 2, 3]")).toBeNull();
    // (Values of an unexpected shape say nothing: no "[object Object]".)
    expect(
      fromStructured(
        '{"task":"rank","entity":"videos","metric":"plays","sort":{"by":"plays"},"filter":[1,2]}',
      ),
    ).toBe("rank videos, by plays");
  });
});

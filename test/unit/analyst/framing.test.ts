import { describe, expect, it } from "vitest";
import { asksOf, unframed } from "../../../src/analyst/local/framing.js";

describe("a request's framing, left out of its question", () => {
  it("an email's greeting and sign-off, with the name signed", () => {
    expect(unframed("Hi team, how many Da Lat videos are there? Thanks, Linh")).toEqual({
      question: "how many Da Lat videos are there?",
      framing: ["Hi team,", "Thanks, Linh"],
    });
    expect(unframed("Hello, what's the median plays of hotel ads? Best regards")).toEqual({
      question: "what's the median plays of hotel ads?",
      framing: ["Hello,", "Best regards"],
    });
    expect(unframed("Hey there! top 5 resort videos by saves. cheers").framing).toEqual([
      "Hey there!",
      "cheers",
    ]);
    // A greeting with no stop after it greets no one ("Hey can you …"), and "thanks to" is no sign-off.
    expect(unframed("Hey can you list the top hotel videos")).toEqual({
      question: "Hey can you list the top hotel videos",
      framing: [],
    });
    expect(unframed("which videos got more views? thanks for the help").framing).toEqual([]);
    expect(unframed("Which is the best hotel video").framing).toEqual([]);
  });

  it("an agent's instructions around the user's question, and the question's quotes", () => {
    expect(
      unframed(
        "Answer using only the corpus. User question: which city search has the highest median plays?",
      ),
    ).toEqual({
      question: "which city search has the highest median plays?",
      framing: ["Answer using only the corpus.", "User question:"],
    });
    expect(
      unframed(
        "System note: be precise. The user asks: 'who posted the most videos and what's their median?'",
      ),
    ).toEqual({
      question: "who posted the most videos and what's their median?",
      framing: ["System note: be precise.", "The user asks:"],
    });
    // A context before the question is the asker's, not the question's: "Sa Pa" is asked for again if meant.
    expect(
      unframed("Context: the user runs a homestay in Sa Pa. Question: which weekday gets the most plays?")
        .question,
    ).toBe("which weekday gets the most plays?");
    expect(unframed("Q from end user (forwarded verbatim): how many videos does @x have").question).toBe(
      "how many videos does @x have",
    );
    expect(unframed('User request: "list the 5 most shared vids". Output: handle, shares.').question).toBe(
      "list the 5 most shared vids. Output: handle, shares.",
    );
  });

  it("a task's label and the answer's form after the question; what to give back stays", () => {
    expect(
      unframed(
        "Task: compare ads and organic posts on median shares. Output a two-row table with n for each group.",
      ),
    ).toEqual({
      question: "compare ads and organic posts on median shares.",
      framing: ["Task:", "Output a two-row table with n for each group."],
    });
    expect(unframed("Please respond concisely. Q: median likes per play for ads")).toEqual({
      question: "median likes per play for ads",
      framing: ["Please respond concisely.", "Q:"],
    });
    expect(unframed("top 5 hotel videos with link. If fewer than 5 match, say so.").question).toBe(
      "top 5 hotel videos with link.",
    );
    // "Return the count and median plays" asks for them; a question that starts "Return" or "Reply" is one.
    expect(unframed("Filter: 2025, not an ad. Return the count and median plays.").framing).toEqual([]);
    expect(unframed("Return the top 5 creators by plays. Only hotel videos.").framing).toEqual([]);
    expect(unframed("Reply videos: do they work for us?").framing).toEqual([]);
    expect(unframed("Constraints: posted 2024 or later. Output: n and median plays.").framing).toEqual([]);
  });

  it("leaves questions with colons, quotes and stops alone", () => {
    for (const q of [
      "Hà Giang: how many videos in 2024?",
      "Quick one: what's the median plays of trending.json videos?",
      '"book now" or "free breakfast": which gets more views?',
      "Q1 2025: uploads per week",
      "",
      "Hi",
      "Thanks",
    ])
      expect(unframed(q), q).toEqual({ question: q, framing: [] });
    const long = `User question: ${"dalat ".repeat(2000)}`;
    expect(unframed(long).question).toBe("dalat ".repeat(2000).trim());
  });
});

describe("a message of several asks", () => {
  it("numbered, bulleted or set apart by ';': the first with its heading, the others listed", () => {
    expect(
      asksOf("For @kimtram: 1) number of videos per year 2) median plays and saves 3) their top 3 videos"),
    ).toEqual({
      question: "For @kimtram: number of videos per year",
      others: ["median plays and saves", "their top 3 videos"],
    });
    expect(asksOf("Hội An: - top creators by videos - % of captions in English - best posting hour")).toEqual(
      {
        question: "Hội An: top creators by videos",
        others: ["% of captions in English", "best posting hour"],
      },
    );
    expect(
      asksOf("@x in the trending set • how many videos • total and median plays • which sounds").question,
    ).toBe("@x in the trending set: how many videos");
    expect(
      asksOf("quick one on Huế; how many hotelhue videos; median likes per play; top 5 by shares").others,
    ).toEqual(["median likes per play", "top 5 by shares"]);
  });

  it("leaves one question alone: quoted dashes, dates, definitions, an ask that reaches on", () => {
    for (const q of [
      '"nhạc nền - INOVA MUSIC" vs "nhạc nền - NERO MUSIC" which gets more views per vid',
      "Jan - Apr 2025 vs May - Aug 2025 uploads",
      "How many videos mention a gym; what about a rooftop; and which feature gets more saves per video?",
      "North = hanoi, haiphong; Central = hue, hoian; South = saigon, cantho",
      "top 10 videos in 2025",
      "",
    ])
      expect(asksOf(q), q).toEqual({ question: q, others: [] });
  });
});

// The analyst evaluation set: natural questions over the synthetic corpus. Each has `truth(api, e)` computed
// from the REST endpoints at run time (never from the analyst's code) and `check(got, truth)` on the answer.
// `e` holds entities discovered over REST (advertisers, creators) so the set works for any seed.

const DAY = 86_400;

/** The first item's id of a list endpoint. */
const first = async (api, path) => {
  const body = await api.get(path);
  const item = body.data[0];
  return item?.uid ?? item?.id;
};
const median = (xs) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const isAd = (v) => v.labels.ad?.value === "yes";
const hooked = (v) => v.labels.hook !== null && v.labels.hook.value !== "no";
const engagement = (vs) => {
  const plays = vs.reduce((s, v) => s + v.play_count, 0);
  return plays === 0
    ? 0
    : vs.reduce((s, v) => s + v.like_count + v.comment_count + v.share_count + v.save_count, 0) / plays;
};

/** Group `items` by `key` and return the keys with the highest `score` (ties all count as right). */
function leaders(items, key, score) {
  const groups = new Map();
  for (const item of items) {
    const keys = [key(item)].flat().filter((k) => k !== null && k !== undefined);
    for (const k of keys) groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  let best = -Infinity;
  let ids = [];
  for (const [k, vs] of groups) {
    const s = score(vs);
    if (s > best) {
      best = s;
      ids = [k];
    } else if (s === best) ids.push(k);
  }
  return { ids, best };
}

// ---- checks on the analyst's answer (`got` = {answer, result, plan}) ----
const topIs = (got, truth) => {
  const top = got.result?.ranking?.[0] ?? got.answer.findings[0]?.evidence[0]?.id;
  const want = Array.isArray(truth) ? truth : [truth];
  return { ok: want.includes(top), shown: top };
};
const fieldIs = (field) => (got, truth) => {
  const value = got.result?.[field];
  return { ok: value === truth, shown: value };
};
const shareIs = (got, truth) => {
  const r = got.result ?? {};
  return { ok: r.part === truth.part && r.whole === truth.whole, shown: `${r.part}/${r.whole}` };
};
const reportIs = (got, truth) => {
  const r = got.result?.reports?.[0];
  return { ok: r === truth, shown: r };
};
/** The drivers answer: the set's median views and the hook and format splits (groups of 5+) as REST shows them. */
const driversOf = (path) => async (api) => {
  const items = await complete(api, path);
  const splits = {};
  for (const [by, key] of [
    ["hook", (v) => (hooked(v) ? "with a detected hook" : "without a detected hook")],
    ["media_type", (v) => v.media_type],
  ]) {
    const groups = new Map();
    for (const v of items) groups.set(key(v), [...(groups.get(key(v)) ?? []), v.play_count]);
    const ranked = [...groups]
      .filter(([, xs]) => xs.length >= 5)
      .sort((a, b) => median(b[1]) - median(a[1]) || b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .map(([k]) => k);
    if (ranked.length >= 2) splits[by] = ranked;
  }
  return { videos: items.length, overall: median(items.map((v) => v.play_count)), splits };
};
const driversAre = (got, truth) => {
  const r = got.result ?? {};
  const shown = Object.fromEntries((r.splits ?? []).map((x) => [x.by, x.ranking]));
  const ok =
    r.videos === truth.videos &&
    r.overall === truth.overall &&
    Object.entries(truth.splits).every(
      ([by, ranking]) => JSON.stringify(shown[by]) === JSON.stringify(ranking),
    ) &&
    ["hook", "media_type"].every((by) => by in shown === by in truth.splits);
  return { ok, shown: `${r.videos} videos, median ${r.overall}, ${JSON.stringify(shown).slice(0, 80)}` };
};
const declined = (got) => ({
  ok: typeof got.result?.declined === "string" && got.answer.findings.every((f) => f.evidence.length === 0),
  shown: got.result?.declined ? "declined" : got.answer.summary.slice(0, 60),
});

const trendingCreators = (window, type) => (api) =>
  first(api, `/creators?view=trending&window=${window}${type ? `&type=${type}` : ""}&limit=1`);
const trendingAdvertisers = (window, focus) => (api) =>
  first(api, `/advertisers?view=trending&window=${window}${focus ? `&focus=${focus}` : ""}&limit=1`);

/** Pages a video list through REST (at most 20 pages of 50); `complete` is false when it was cut. */
async function allVideos(api, path) {
  const items = [];
  let url = `${path}${path.includes("?") ? "&" : "?"}limit=50`;
  for (let page = 0; page < 20; page++) {
    const body = await api.get(url);
    items.push(...body.data);
    if (!body.meta.has_more) return { items, complete: true };
    url = `${path}${path.includes("?") ? "&" : "?"}limit=50&cursor=${encodeURIComponent(body.meta.next_cursor)}`;
  }
  return { items, complete: false };
}
const complete = async (api, path) => {
  const { items, complete: done } = await allVideos(api, path);
  if (!done) throw new Error(`truth needs every item of ${path}, which exceeds 20 pages`);
  return items;
};

const groupTop = (path, filter, key, score) => async (api) => {
  const items = (await allVideos(api, path)).items.filter(filter);
  return leaders(items, key, score).ids;
};
const count = (vs) => vs.length;
const byPlays = (vs) => vs.length * 1e12 + vs.reduce((s, v) => s + v.play_count, 0);
const medianOf = (field) => (vs) => median(vs.map((v) => v[field]));

export const QUESTIONS = [
  // ---- trending / new creators and advertisers (the endpoints' own views) ----
  { q: "Which creators are trending this week?", truth: trendingCreators(7), check: topIs },
  { q: "Who's blowing up right now?", truth: trendingCreators(2), check: topIs },
  { q: "Top growing creators over the last 30 days", truth: trendingCreators(30), check: topIs },
  {
    q: "Which hire-ready creators are trending this month?",
    truth: trendingCreators(30, "hire_ready"),
    check: topIs,
  },
  {
    q: "Which influencers gained the most plays in the past 7 days?",
    truth: trendingCreators(7),
    check: topIs,
  },
  { q: "Which brands are trending this week?", truth: trendingAdvertisers(7), check: topIs },
  {
    q: "Which app advertisers gained the most views today?",
    truth: trendingAdvertisers(0, "apps"),
    check: topIs,
  },
  { q: "Fastest-growing DTC brands in the past 2 days", truth: trendingAdvertisers(2, "dtc"), check: topIs },
  {
    q: "Which mobile app companies are growing fastest this month?",
    truth: trendingAdvertisers(30, "apps"),
    check: topIs,
  },
  {
    q: "Which advertisers are new this month?",
    truth: (api) => first(api, "/advertisers?view=new&window=30&limit=1"),
    check: topIs,
  },
  {
    q: "Show me creators who first appeared this week",
    truth: (api) => first(api, "/creators?view=new&window=7&limit=1"),
    check: topIs,
  },
  {
    q: "Which e-commerce brands have the most videos?",
    truth: (api) => first(api, "/advertisers?focus=dtc&limit=1"),
    check: topIs,
  },
  {
    q: "Who are the biggest creators by followers?",
    truth: (api) => first(api, "/creators?limit=1"),
    check: topIs,
  },
  {
    q: "Which advertiser has the most videos?",
    truth: (api) => first(api, "/advertisers?limit=1"),
    check: topIs,
  },
  // ---- feeds and sorted searches ----
  {
    q: "What are the biggest breakouts right now?",
    truth: (api) => first(api, "/feeds/breakout?limit=1"),
    check: topIs,
  },
  {
    q: "Which videos are breaking out early?",
    truth: (api) => first(api, "/feeds/early_breakout?limit=1"),
    check: topIs,
  },
  {
    q: "What's trending at the moment?",
    truth: (api) => first(api, "/feeds/trending?limit=1"),
    check: topIs,
  },
  { q: "Show me the latest uploads", truth: (api) => first(api, "/feeds/newest?limit=1"), check: topIs },
  {
    q: "What is the most viewed video overall?",
    truth: (api) => first(api, "/videos?sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "Which slideshow has the most comments?",
    truth: (api) => first(api, "/videos?media_type=slideshow&sort=comments&limit=1"),
    check: topIs,
  },
  {
    q: "Most shared ads in Brazil",
    truth: (api) => first(api, "/videos?ad=yes&region=BR&sort=reposts&limit=1"),
    check: topIs,
  },
  {
    q: "Top skincare videos by views",
    truth: (api) => first(api, "/videos?q=skincare&sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "What is the most watched fitness ad?",
    truth: (api) => first(api, "/videos?q=fitness&ad=yes&sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "Which Spanish-language video got the most views?",
    truth: (api) => first(api, "/videos?language=es&sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "Most viewed organic videos from Indonesia",
    truth: (api) => first(api, "/videos?ad=no&region=ID&sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "Which gaming clips are trending?",
    truth: (api) => first(api, "/videos?q=gaming&sort=trending&limit=1"),
    check: topIs,
  },
  {
    q: "Newest slideshow ads in the US",
    truth: (api) => first(api, "/videos?media_type=slideshow&ad=yes&region=US&sort=newest&limit=1"),
    check: topIs,
  },
  {
    q: "Which video with a POV hook has the most comments?",
    truth: async (api) =>
      (await allVideos(api, "/videos?hook=yes&sort=comments")).items.find((v) => v.hook?.type === "pov")?.id,
    check: topIs,
  },
  // ---- breakouts grouped ----
  {
    q: "Which advertiser has the most breakout ads?",
    truth: groupTop("/feeds/breakout", isAd, (v) => v.advertiser?.id, count),
    check: topIs,
  },
  {
    q: "Which creators have the most breakout videos?",
    truth: groupTop(
      "/feeds/breakout",
      () => true,
      (v) => v.author.uid,
      count,
    ),
    check: topIs,
  },
  {
    q: "What hook types dominate breakouts?",
    truth: groupTop(
      "/feeds/breakout",
      () => true,
      (v) => v.hook?.type,
      count,
    ),
    check: topIs,
  },
  {
    q: "How many breakout slideshows are there?",
    truth: async (api) =>
      (await complete(api, "/feeds/breakout")).filter((v) => v.media_type === "slideshow").length,
    check: fieldIs("count"),
  },
  // ---- trend reports ----
  {
    q: "Which hashtags are rising?",
    truth: async (api) => (await api.get("/trends?limit=50")).data.find((r) => r.kind === "hashtag")?.id,
    check: reportIs,
  },
  {
    q: "Any trend reports on sounds?",
    truth: async (api) => (await api.get("/trends?limit=50")).data.find((r) => r.kind === "sound")?.id,
    check: reportIs,
  },
  {
    q: "What hook patterns are trending?",
    truth: async (api) => (await api.get("/trends?limit=50")).data.find((r) => r.kind === "hook_pattern")?.id,
    check: reportIs,
  },
  {
    q: "Show me the trend reports",
    truth: async (api) => (await api.get("/trends?limit=50")).data[0]?.id,
    check: reportIs,
  },
  {
    q: "Is there a trend report about {risingTag}?",
    truth: async (api, e) =>
      (await api.get("/trends?limit=50")).data.find((r) =>
        `${r.subject} ${r.title} ${r.summary}`.toLowerCase().includes(e.risingTag),
      )?.id,
    check: reportIs,
  },
  // ---- profiles ----
  {
    q: "Tell me about {A1}",
    truth: async (api, e) => (await api.get(`/advertisers/${e.A1.id}`)).data.video_count,
    check: fieldIs("videos"),
  },
  { q: "What do we know about {A2domain}?", truth: (_api, e) => e.A2.id, check: fieldIs("advertiser") },
  {
    q: "Who is {C1}?",
    truth: async (api, e) => (await api.get(`/creators/${e.C1.uid}`)).data.followers,
    check: fieldIs("followers"),
  },
  {
    q: "Give me a profile of @{C2}",
    truth: async (api, e) => (await api.get(`/creators/${e.C2.uid}`)).data.video_count,
    check: fieldIs("videos"),
  },
  { q: "Who is @{renamedOld}?", truth: (_api, e) => e.renamed.uid, check: fieldIs("creator") },
  // ---- comparisons ----
  {
    q: "Who has more followers, @{C1} or @{C3}?",
    truth: async (api, e) => {
      const [a, b] = await Promise.all(
        [e.C1, e.C3].map(async (c) => (await api.get(`/creators/${c.uid}`)).data),
      );
      return a.followers >= b.followers ? a.uid : b.uid;
    },
    check: topIs,
  },
  {
    q: "Which is bigger, {A2} or {A1}?",
    truth: async (api, e) => {
      const [a, b] = await Promise.all(
        [e.A1, e.A2].map(async (x) => (await api.get(`/advertisers/${x.id}`)).data),
      );
      return a.video_count === b.video_count ? [a.id, b.id] : a.video_count > b.video_count ? a.id : b.id;
    },
    check: topIs,
  },
  {
    q: "Compare {A1} and {A3} on growth this week",
    truth: async (api, e) => {
      const [a, b] = await Promise.all(
        [e.A1, e.A3].map(async (x) => (await api.get(`/advertisers/${x.id}`)).data),
      );
      return a.growth_by_window["7"] === b.growth_by_window["7"]
        ? [a.id, b.id]
        : a.growth_by_window["7"] > b.growth_by_window["7"]
          ? a.id
          : b.id;
    },
    check: topIs,
  },
  {
    q: "{C1} vs {C2}: who grew more this month?",
    truth: async (api, e) => {
      const [a, b] = await Promise.all(
        [e.C1, e.C2].map(async (x) => (await api.get(`/creators/${x.uid}`)).data),
      );
      return a.growth_by_window["30"] >= b.growth_by_window["30"] ? a.uid : b.uid;
    },
    check: topIs,
  },
  {
    q: "Compare @{C1} and @{C2} on engagement rate",
    truth: async (api, e) => {
      const [a, b] = await Promise.all(
        [e.C1, e.C2].map(async (x) => engagement(await complete(api, `/creators/${x.uid}/videos`))),
      );
      return a >= b ? e.C1.uid : e.C2.uid;
    },
    check: topIs,
  },
  {
    q: "Which gets more views, {A1} or {A2}?",
    truth: async (api, e) => {
      const sum = async (x) =>
        (await complete(api, `/advertisers/${x.id}/videos`)).reduce((s, v) => s + v.play_count, 0);
      const [a, b] = await Promise.all([sum(e.A1), sum(e.A2)]);
      return a >= b ? e.A1.id : e.A2.id;
    },
    check: topIs,
  },
  // ---- counts and shares ----
  {
    q: "How many ads has {A1} run?",
    // Its videos labelled as ads (as a creator's ad_count), not every video assigned to it.
    truth: async (api, e) => (await complete(api, `/advertisers/${e.A1.id}/videos`)).filter(isAd).length,
    check: fieldIs("count"),
  },
  {
    q: "How many videos has @{C1} posted?",
    truth: async (api, e) => (await api.get(`/creators/${e.C1.uid}`)).data.video_count,
    check: fieldIs("count"),
  },
  {
    q: "How many of @{C4}'s videos are ads?",
    truth: async (api, e) => {
      const c = (await api.get(`/creators/${e.C4.uid}`)).data;
      return { part: c.ad_count, whole: c.video_count };
    },
    check: shareIs,
  },
  {
    q: "How many slideshows are there in Portugal?",
    truth: async (api) => (await complete(api, "/videos?media_type=slideshow&region=PT")).length,
    check: fieldIs("count"),
  },
  {
    q: "What share of Egyptian videos are ads?",
    truth: async (api) => {
      const vs = await complete(api, "/videos?region=EG");
      return { part: vs.filter(isAd).length, whole: vs.length };
    },
    check: shareIs,
  },
  {
    q: "What percentage of Turkish-language videos are slideshows?",
    truth: async (api) => {
      const vs = await complete(api, "/videos?language=tr");
      return { part: vs.filter((v) => v.media_type === "slideshow").length, whole: vs.length };
    },
    check: shareIs,
  },
  {
    q: "How many ads in Arabic were posted in the last 7 days?",
    truth: async (api) => {
      const since = Date.now() / 1000 - 7 * DAY;
      return (await complete(api, "/videos?language=ar&ad=yes")).filter(
        (v) => Date.parse(v.created_at) / 1000 >= since,
      ).length;
    },
    check: fieldIs("count"),
  },
  {
    q: "How many DTC advertisers are there?",
    truth: async (api) => (await api.get("/advertisers?focus=dtc&limit=1")).meta.total,
    check: fieldIs("count"),
  },
  {
    q: "What fraction of videos from Colombia have a hook?",
    truth: async (api) => {
      const vs = await complete(api, "/videos?region=CO");
      return { part: vs.filter(hooked).length, whole: vs.length };
    },
    check: shareIs,
  },
  // ---- breakdowns by hook type / format under a metric ----
  {
    q: "Which hook type gets the most views in Portuguese ads?",
    truth: groupTop(
      "/videos?language=pt&ad=yes&hook=yes",
      (v) => v.hook?.type,
      (v) => v.hook?.type,
      medianOf("play_count"),
    ),
    check: topIs,
  },
  {
    q: "What kinds of hooks do Japanese videos use most?",
    truth: groupTop(
      "/videos?language=ja&hook=yes",
      (v) => v.hook?.type,
      (v) => v.hook?.type,
      count,
    ),
    check: topIs,
  },
  {
    q: "Do slideshows or regular videos get more likes in Thailand?",
    truth: groupTop(
      "/videos?region=TH",
      () => true,
      (v) => v.media_type,
      medianOf("like_count"),
    ),
    check: topIs,
  },
  {
    q: "Which hook style has the highest engagement in Vietnam?",
    truth: groupTop(
      "/videos?region=VN&hook=yes",
      (v) => v.hook?.type,
      (v) => v.hook?.type,
      engagement,
    ),
    check: topIs,
  },
  // ---- what went with more views: the set split by each recorded property ----
  {
    q: "What makes Portuguese ads go viral?",
    truth: driversOf("/videos?language=pt&ad=yes"),
    check: driversAre,
  },
  {
    q: "What do slideshows in Thailand that get lots of views have in common?",
    truth: driversOf("/videos?region=TH&media_type=slideshow"),
    check: driversAre,
  },
  // ---- rankings of groups over a filtered set ----
  {
    q: "Which language do Egyptian ads use most?",
    truth: groupTop(
      "/videos?region=EG&ad=yes",
      () => true,
      (v) => v.language,
      count,
    ),
    check: topIs,
  },
  {
    q: "Which creator has posted the most ads in Portugal?",
    truth: groupTop(
      "/videos?region=PT&ad=yes",
      () => true,
      (v) => v.author.uid,
      byPlays,
    ),
    check: topIs,
  },
  {
    q: "Which hashtags are most common in Egyptian ads?",
    truth: groupTop(
      "/videos?region=EG&ad=yes",
      () => true,
      (v) => v.hashtags,
      count,
    ),
    check: topIs,
  },
  {
    q: "Which advertiser runs the most ads in Thailand?",
    truth: groupTop(
      "/videos?region=TH&ad=yes",
      (v) => v.advertiser,
      (v) => v.advertiser?.id,
      byPlays,
    ),
    check: topIs,
  },
  // ---- stray words must not change the answer ----
  {
    q: "Hey, quick one for my manager: which creators are trending this week? Asking for a friend.",
    truth: trendingCreators(7),
    check: topIs,
  },
  {
    q: "Honestly just curious, what's the most viewed skincare video ever?",
    truth: (api) => first(api, "/videos?q=skincare&sort=views&limit=1"),
    check: topIs,
  },
  {
    q: "For our Q3 deck, which brands are trending this week, roughly?",
    truth: trendingAdvertisers(7),
    check: topIs,
  },
  // ---- questions the corpus cannot answer: declined, with what was understood ----
  { q: "What will be trending next month?", truth: () => true, check: declined },
  { q: "Which brands spend the most on ads?", truth: () => true, check: declined },
  { q: "How much revenue did {A1} make?", truth: () => true, check: declined },
  { q: "Why do question hooks work so well?", truth: () => true, check: declined },
  { q: "How many installs did app advertisers drive last week?", truth: () => true, check: declined },
  { q: "Can you predict which creators will break out tomorrow?", truth: () => true, check: declined },
];

/**
 * Requests an agent sends as data rather than prose: a JSON object ({"task":"rank","entity":"creators",
 * "metric":"playCount","filter":{"hashtag":"dalat","year":2024},"limit":5}), a function call
 * (get_top_videos(topic="Hạ Long", n=5, sort="shares")) or fields apart ("metric=median(playCount);
 * group_by=month; where=input:hotelphuquy"). Each is written back as the question its fields ask, for the planner
 * to read as any other ("top 5 creators by playCount, about #dalat, in 2024"); keys it does not know are left out.
 */

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
type Pair = [key: string, value: Value];

/** A key as compared here: lower case, without "_", "-", "." or spaces ("group_by" → "groupby"). */
const keyOf = (key: string) => key.toLowerCase().replace(/[\s_.-]+/g, "");

/** A value's words: "median_playCount" → "median playCount", "p90(playCount)" → "p90 playCount". */
function words(value: Value): string {
  if (Array.isArray(value)) return value.map(words).filter(Boolean).join(", ");
  if (value === null || typeof value === "object") return "";
  // ("p90(playCount), p50(playCount)": the figures of one count, "p90, p50 of playCount".)
  const calls = [...String(value).matchAll(/(\w+)\(\s*([^()]+?)\s*\)/g)];
  if (
    calls.length >= 2 &&
    calls.every((c) => c[2] === calls[0]?.[2]) &&
    String(value).replace(/(\w+)\(\s*([^()]+?)\s*\)|[\s,]|\band\b/g, "") === ""
  )
    return `${calls.map((c) => c[1]).join(", ")} of ${calls[0]?.[2]}`;
  return (
    String(value)
      // ("weekday(createTimeISO, tz=+7)": the weekday, in Vietnam time.)
      .replace(
        /\b(hour|weekday|day|week|month|quarter|year)\(\s*createTimeISO\s*(,\s*tz\s*=\s*([^)]*))?\)/gi,
        (_m, unit: string, _tz, zone?: string) =>
          `${unit}${zone && /\+7|ho.chi.minh|vietnam/i.test(zone) ? " in Vietnam time" : ""}`,
      )
      .replace(
        /\b(sum|total|avg|mean|median|count|max|min|p\d{1,2})\s*\(\s*([^()]*?)\s*\)/gi,
        (_m, fn: string, of: string) =>
          of === "*" || of === "" ? "number of videos" : `${fn.toLowerCase() === "sum" ? "total" : fn} ${of}`,
      )
      .replace(
        /^(sum|avg|median|p\d{1,2}|max|min)_(?=\w)/i,
        (_m, fn: string) => `${fn.toLowerCase() === "sum" ? "total" : fn} `,
      )
      .replace(/^n$|^n_videos$|^videos_in_corpus$/i, "number of videos")
      // (The accounts behind a group are said with any comparison of videos.)
      .replace(/^(?:distinct|n)_(?:authors|creators)$/i, "")
      .replace(/_/g, " ")
      .trim()
  );
}

/** A bound written as an object ({"gte": 100}) or an operator ("year>=2022"), as words before its figure. */
const BOUND_WORDS: Readonly<Record<string, string>> = {
  gte: "at least",
  ">=": "at least",
  min: "at least",
  gt: "over",
  ">": "over",
  lte: "at most",
  "<=": "at most",
  max: "at most",
  lt: "under",
  "<": "under",
};

/** A range written "2024-01..2025-05" or "2024-06-01..2024-08-31": from one to the other. */
const range = (text: string) => text.replace(/^\s*(\S+?)\s*\.\.\s*(\S+)\s*$/, "from $1 to $2");

/** One condition of a filter as words ("hashtag" → "#dalat", "year" → "in 2024", "isAd" true → "ads"). */
function condition(key: string, value: Value): string {
  const k = keyOf(key);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const bounds = Object.entries(value).flatMap(([op, v]) =>
      BOUND_WORDS[op.toLowerCase()] ? [`${BOUND_WORDS[op.toLowerCase()]} ${words(v)}`] : [],
    );
    return bounds.length > 0 ? `${key} ${bounds.join(" and ")}` : "";
  }
  const list = Array.isArray(value) ? value.map(words) : [words(value)];
  const either = (items: string[]) =>
    items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
  if (/^(hashtags?|tags?)$/.test(k)) return either(list.map((t) => `#${t.replace(/^#/, "")}`));
  if (/^(input|search|searchquery|searchinput)$/.test(k))
    return either(list.map((t) => `#${t.replace(/^#/, "")} search`));
  if (/^(year|month|date|day|quarter|period|window|range|since)$/.test(k))
    return `${k === "since" ? "since" : "in"} ${either(list.map(range))}`.replace(/^in from\b/, "from");
  if (/^(from|start|after)$/.test(k)) return `since ${list[0]}`;
  if (/^(to|end|until|before)$/.test(k)) return `until ${list[0]}`;
  if (/^(author|authors|handle|handles|creator|creators|account|accounts|username|authormeta\/name)$/.test(k))
    return either(
      (Array.isArray(value) ? value : [value]).map((h) => `@${String(h).trim().replace(/^@/, "")}`),
    );
  if (/^(captioncontains|contains|text|caption|keyword|keywords|q|query|mentions?)$/.test(k))
    return `mentioning ${either(list.map((t) => `"${t}"`))}`;
  if (/^(isad|ad|ads|paid|issponsored|sponsored)$/.test(k))
    return /^(true|yes|1)$/i.test(list[0] ?? "") ? "ads" : "organic videos";
  if (/^(verified|authormeta\/verified)$/.test(k))
    return /^(true|yes|1)$/i.test(list[0] ?? "") ? "verified creators" : "non-verified creators";
  if (/^(textlanguage|language|lang|languages)$/.test(k))
    return `in ${either(list.map((l) => `language ${l}`))}`;
  if (/^(excludeoriginal|excludeoriginals|nooriginal|nooriginalsound)$/.test(k))
    return /^(true|yes|1)$/i.test(list[0] ?? "") ? "excluding original sounds" : "";
  if (/^(musicauthor|artist|musicmeta\/musicauthor)$/.test(k)) return `sounds by ${either(list)}`;
  if (/^(musicname|sound|song|track|musicmeta\/musicname)$/.test(k))
    return `the sound ${either(list.map((t) => `"${t}"`))}`;
  if (/^(topic|topics|place|places|city|location|destination|province)$/.test(k))
    return `about ${either(list)}`;
  if (k === "dataset") return /trending/i.test(list[0] ?? "") ? "in the trending set" : "";
  if (/^(minn|mincount|minvideos|minuses|having)$/.test(k)) return `with at least ${list[0]} videos`;
  return list.every((v) => v === "") ? "" : `${key} ${either(list)}`;
}

/** The keys read for each part of a request, as keyOf writes them; any other key is read as a filter. */
const KEYS = {
  task: ["task", "action", "intent", "op", "operation"],
  entity: ["entity", "subject", "of", "type"],
  metric: ["metric", "metrics", "measure", "measures", "name"],
  limit: ["limit", "n", "top", "k"],
  group: ["groupby", "split", "by", "per", "pivot"],
  sort: ["sort", "sortby", "order", "orderby"],
  exclude: ["exclude", "excluding", "except", "not"],
  zone: ["tz", "timezone"],
  periods: ["periods"],
  entities: ["entities"],
  groups: ["groups"],
  filter: ["filter", "filters", "where"],
} as const satisfies Record<string, readonly string[]>;
const READ_KEYS: ReadonlySet<string> = new Set(Object.values(KEYS).flat());
const isFilterKey = (k: string) => (KEYS.filter as readonly string[]).includes(k);

/** Keys whose value says how the answer is shown, not what it is: left out. */
const SHOWN =
  /^(fields|return|returns|output|columns|cols|select|format|desc|description|pooled|horizon|granularity|also|dims|basis)$/;

/** The question a request's fields ask, or null when they ask nothing this reads. */
function asQuestion(pairs: readonly Pair[], callName = ""): string | null {
  // (A request names what to compute or on what: "Note: …; Q2: …" is prose with colons.)
  if (
    !callName &&
    !pairs.some(([key]) =>
      /^(task|action|intent|op|operation|entity|subject|metric|metrics|measure|measures|filter|filters|where|groupby|split|limit|sort|sortby|orderby|dataset|topic|hashtag|input|author|handle)$/.test(
        keyOf(key),
      ),
    )
  )
    return null;
  const by = new Map<string, Value>();
  for (const [key, value] of pairs) by.set(keyOf(key), value);
  const take = (...keys: string[]) => {
    for (const key of keys) if (by.has(key)) return by.get(key) as Value;
    return undefined;
  };
  const task = words(take(...KEYS.task) ?? "").toLowerCase();
  const entity = words(take(...KEYS.entity) ?? "").replace(/^authors?$/i, "creators");
  const metric = words(take(...KEYS.metric) ?? "");
  const limit = take(...KEYS.limit);
  const group = words(take(...KEYS.group) ?? "")
    .replace(/\bduration bucket\b/i, "length")
    .replace(/^input$/i, "search input");
  const sortValue = take(...KEYS.sort);
  const sort = words(
    (typeof sortValue === "string" || typeof sortValue === "number"
      ? String(sortValue)
      : Array.isArray(sortValue)
        ? words(sortValue)
        : ""
    ).replace(/\s*\b(desc|asc|descending|ascending)$/i, ""),
  );
  const exclude = take(...KEYS.exclude);
  const filters: string[] = [];
  for (const [key, value] of pairs) {
    const k = keyOf(key);
    if (isFilterKey(k) && value !== null && typeof value === "object" && !Array.isArray(value))
      for (const [fk, fv] of Object.entries(value)) filters.push(condition(fk, fv));
    else if (isFilterKey(k) && typeof value === "string") {
      // (filter="isAd=false": one condition written inline.)
      const inline = value.match(/^\s*([\p{L}\p{N}_/.]+)\s*[:=]\s*(.+?)\s*$/u);
      if (inline) filters.push(condition(inline[1] as string, inline[2] as string));
    } else if (!READ_KEYS.has(k) && !SHOWN.test(k)) filters.push(condition(key, value));
  }
  const zone = words(take(...KEYS.zone) ?? "");
  if (/\+7|ho.chi.minh|saigon|vietnam|ict/i.test(zone)) filters.push("in Vietnam time");
  const sides: string[] = [];
  const periods = take(...KEYS.periods);
  if (Array.isArray(periods)) sides.push(periods.map((p) => range(words(p))).join(" vs "));
  const entities = take(...KEYS.entities);
  // (A handle keeps its "_": "lacanhatrang_79".)
  if (Array.isArray(entities))
    sides.push(entities.map((h) => `@${String(h).trim().replace(/^@/, "")}`).join(" vs "));
  const groups = take(...KEYS.groups);
  if (Array.isArray(groups))
    sides.push(
      groups
        .map((g) =>
          g !== null && typeof g === "object" && !Array.isArray(g)
            ? Object.entries(g)
                .map(([gk, gv]) => condition(gk, gv))
                .join(" ")
            : words(g),
        )
        .join(" vs "),
    );
  const head = (
    task || words(callName).replace(/^get |^list |^fetch /i, (m) => (/list/i.test(m) ? "list " : ""))
  )
    .replace(/^lookup$/, "profile of")
    .replace(/^list examples$/, "list")
    .replace(/^metric$|^rate$|^trend$/, "");
  const counted = typeof limit === "number" || (typeof limit === "string" && /^\d{1,3}$/.test(limit));
  // (metric=share_of_total(playCount); group_by=authorMeta/name; top=3: the share the leading creators hold.)
  const shareOf = metric.match(/^share of total\s*\(?\s*([\w/]+)\s*\)?$/i);
  if (
    shareOf &&
    /^(authormeta\/name|author|creator|handle|authors|creators)$/i.test(group.replace(/\s+/g, ""))
  )
    return [
      `what share of ${shareOf[1]} do the top ${counted ? limit : 10} creators get`,
      ...filters.filter(Boolean),
    ]
      .join(", ")
      .replace(/\s*=\s*/g, " ");
  const lead = [
    counted
      ? /\btop\b/.test(head)
        ? head.replace(/\btop\b/, `top ${limit}`)
        : `${head} top ${limit}`
      : head,
    entity,
  ]
    .join(" ")
    .trim();
  const parts = [
    [lead, ...sides].join(" ").trim(),
    metric && (lead || sides.length > 0) ? `by ${metric}` : metric,
    ...filters,
    exclude === undefined ? "" : `excluding ${words(exclude)}`,
    group ? `by ${group}` : "",
    sort && sort !== metric && sort !== group ? `by ${sort}` : "",
  ]
    .map((p) => p.trim())
    .filter(Boolean);
  // (No "=" is left: the reading is said as 'read "…" as "…"', split at the last "=".)
  return parts.length >= 2
    ? parts
        .join(", ")
        .replace(/\s*=\s*/g, " ")
        .replace(/\s+/g, " ")
    : null;
}

/** A lenient value: JSON where it parses, else the text (unquoted). */
function parsedValue(text: string): Value {
  const t = text.trim();
  try {
    return JSON.parse(t) as Value;
  } catch {
    const object = t.match(/^\{(.*)\}$/s);
    if (object) return Object.fromEntries(fieldsOf(object[1] as string, /\s*,\s*/)) as Value;
    const list = t.match(/^\[(.*)\]$/s);
    if (list) return (list[1] as string).split(/\s*,\s*/).map((x) => x.replace(/^["']|["']$/g, ""));
    return t.replace(/^["']|["']$/g, "");
  }
}

/** "key: value; key=value", "where=input:x" — the fields of a request written apart ("," inside braces kept). */
function fieldsOf(text: string, separator: RegExp): Pair[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "{" || ch === "[" || ch === "(") depth++;
    if (ch === "}" || ch === "]" || ch === ")") depth--;
    if (depth === 0 && separator.test(ch)) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  const pairs: Pair[] = [];
  for (const part of parts) {
    const field = part.match(/^\s*["']?([\p{L}\p{N}_/.-]+)["']?\s*(?::|=)\s*(.+?)\s*$/su);
    if (!field) return [];
    const [, key, raw] = field as unknown as [string, string, string];
    // ("where=input:hotelphuquy AND year>=2022": conditions of the filter.)
    if (/^where$/i.test(key)) {
      const conditions: Record<string, Value> = {};
      for (const c of raw.split(/\s+and\s+/i)) {
        const bound = c.match(/^\s*([\p{L}\p{N}_/.()]+?)\s*(>=|<=|>|<)\s*(\S+)\s*$/u);
        const named = c.match(/^\s*([\p{L}\p{N}_/.()]+?)\s*[:=]\s*(.+?)\s*$/u);
        const cleanKey = (k: string) =>
          k.replace(/^(year|month)\(.*\)$/i, "$1").replace(/^\w+\((\w+)\)$/, "$1");
        if (bound) conditions[cleanKey(bound[1] as string)] = { [bound[2] as string]: bound[3] as string };
        else if (named) conditions[cleanKey(named[1] as string)] = parsedValue(named[2] as string);
      }
      pairs.push([key, conditions]);
    } else pairs.push([key, parsedValue(raw)]);
  }
  return pairs;
}

/**
 * The question a structured request asks, in words, or null when the text is prose (read as it is). A JSON object,
 * a call "name(key=value, …)", or two or more "key: value" / "key=value" fields apart (";" or "|").
 */
export function fromStructured(text: string): string | null {
  const t = text.trim();
  if (/^\{[\s\S]*\}$/.test(t)) {
    const value = parsedValue(t);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
    return asQuestion(Object.entries(value));
  }
  const call = t.match(/^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*\((.*)\)\s*$/s);
  if (call) {
    const pairs = fieldsOf(call[2] as string, /,/);
    return pairs.length > 0 ? asQuestion(pairs, call[1] as string) : null;
  }
  if (/^(?:\s*[\p{L}_/.]+\s*[:=][^;|]+[;|]){1,}\s*[\p{L}_/.]+\s*[:=][^;|]+$/u.test(t)) {
    const pairs = fieldsOf(t, /[;|]/);
    return pairs.length >= 2 ? asQuestion(pairs) : null;
  }
  return null;
}

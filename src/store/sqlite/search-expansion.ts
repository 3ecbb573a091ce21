import type { Statement } from "better-sqlite3";
import { splitCompound } from "../../shared/text/compounds.js";
import { normalizeTokens } from "../../shared/text/normalize.js";
import type { Db } from "./connection.js";

/**
 * Query expansion of text search, over the corpus's own FTS vocabulary (`engine_videos_vocab`):
 *
 * - a word also matches its split when every part is a corpus word: "phuquoc" → "phu quoc" (adjacent);
 * - adjacent words also match their run-together form when the corpus uses it: "skin care" → "skincare",
 *   "phu quoc" → "#phuquoc";
 * - a word of 4+ letters also matches hashtag compounds that start with it and continue with a corpus word:
 *   "protein" → "#proteinbowl" (at most PREFIX_COMPOUNDS of them, the most used);
 * - "quoted words" are a phrase: they must appear adjacent, in that order.
 *
 * Alternatives are added only while they keep the query exact (each alternative's document frequency at
 * most `cap`, the exact-ranking cap): a query whose words are all common keeps the bounded ranking as is.
 * Returns null when nothing is added and there is no phrase (the caller's plain path is the same query).
 */
export interface ExpandedQuery {
  match: string;
  /** What was added, for logs and tests: e.g. `phuquoc → "phu quoc"`. */
  notes: string[];
}

const PREFIX_COMPOUNDS = 4;
/** Compounds a word or joined pair is expanded to (search_compounds), most used first. */
const COMPOUNDS = 12;
const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;

const statements = new WeakMap<
  Db,
  { common: Statement; df: Statement; prefix: Statement; compounds: Statement }
>();

interface Vocab {
  df: (word: string) => number;
  prefixed: (word: string) => string[];
  /** Compound words with `part` among their parts and `containing` inside them, most used first. */
  compoundsOf: (part: string, containing: string) => string[];
}

function vocabularyOf(db: Db): Vocab {
  let s = statements.get(db);
  if (!s) {
    s = {
      // fts5vocab counts a word's documents by reading its whole doclist (~12 ms for a word in a third of
      // 1M videos): common words come from the precomputed engine_common_terms instead.
      common: db.prepare("SELECT df FROM engine_common_terms WHERE term = ?").pluck(),
      df: db.prepare("SELECT doc FROM engine_videos_vocab WHERE term = ?").pluck(),
      prefix: db
        .prepare(
          "SELECT term FROM engine_videos_vocab WHERE term > ? AND term < ? ORDER BY doc DESC LIMIT 40",
        )
        .pluck(),
      compounds: db
        .prepare(
          "SELECT term FROM search_compounds WHERE part = ? AND instr(term, ?) > 0 ORDER BY df DESC LIMIT ?",
        )
        .pluck(),
    };
    statements.set(db, s);
  }
  const { common, df, prefix, compounds } = s;
  return {
    df: (word) => (common.get(word) as number | undefined) ?? (df.get(word) as number | undefined) ?? 0,
    prefixed: (word) => prefix.all(word, `${word}\u{10ffff}`) as string[],
    compoundsOf: (part, containing) => compounds.all(part, containing, COMPOUNDS) as string[],
  };
}

interface Unit {
  words: string[];
  phrase: boolean;
}

/** The query's units: quoted phrases and single words, folded like the index. */
export function queryUnits(q: string, max = 12): Unit[] {
  const units: Unit[] = [];
  const parts = q.split('"');
  parts.forEach((part, i) => {
    const words = normalizeTokens(part);
    // Odd segments are inside quotes (an unclosed quote runs to the end).
    if (i % 2 === 1 && words.length > 1) units.push({ words, phrase: true });
    else for (const w of words) units.push({ words: [w], phrase: false });
  });
  const seen = new Set<string>();
  return units
    .filter((u) => {
      const key = `${u.phrase}:${u.words.join(" ")}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, max);
}

/**
 * Expansions already worked out, per database: a query's expansion reads the vocabulary some 30 times
 * (0.44 ms of a 1.6 ms search for "parenting" on 20 000 videos), so a query asked again within
 * MEMO_MS reuses it. The vocabulary changes only by import, which forgets this process's memo
 * (forgetExpansions); another process's import is seen within MEMO_MS.
 */
const MEMO_MS = 10_000;
const MEMO_SIZE = 512;
const memos = new WeakMap<Db, Map<string, { at: number; expanded: ExpandedQuery | null }>>();

export function forgetExpansions(db: Db): void {
  memos.delete(db);
}

export function expandQuery(db: Db, q: string, cap: number): ExpandedQuery | null {
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  const key = `${cap}\u0000${q}`;
  const now = performance.now();
  const known = memo.get(key);
  if (known && now - known.at < MEMO_MS) return known.expanded;
  const expanded = computeExpansion(db, q, cap);
  memo.delete(key);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(key, { at: now, expanded });
  return expanded;
}

function computeExpansion(db: Db, q: string, cap: number): ExpandedQuery | null {
  const units = queryUnits(q);
  if (units.length === 0) return null;
  const hasPhrase = units.some((u) => u.phrase);
  const vocab = vocabularyOf(db);
  const dfOf = new Map<string, number>();
  const df = (w: string) => {
    let n = dfOf.get(w);
    if (n === undefined) {
      n = vocab.df(w);
      dfOf.set(w, n);
    }
    return n;
  };
  // Every word common: the bounded ranking answers the plain query; expansions would only slow it.
  if (!hasPhrase && units.every((u) => df(u.words[0] as string) > cap)) return null;
  const notes: string[] = [];
  const groups: string[] = [];
  const rare = (w: string) => {
    const n = df(w);
    return n > 0 && n <= cap;
  };
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as Unit;
    const next = units[i + 1];
    if (unit.phrase) {
      const alternatives = [quote(unit.words.join(" "))];
      const joined = unit.words.join("");
      if (rare(joined)) {
        alternatives.push(quote(joined));
        notes.push(`"${unit.words.join(" ")}" → ${joined}`);
      }
      groups.push(alternatives.length > 1 ? `(${alternatives.join(" OR ")})` : (alternatives[0] as string));
      continue;
    }
    const word = unit.words[0] as string;
    // Adjacent words written together in the corpus: "skin care" ~ "skincare".
    if (next && !next.phrase) {
      const joined = word + (next.words[0] as string);
      const within = [
        ...new Set([...vocab.compoundsOf(joined, joined), ...vocab.compoundsOf(word, joined)]),
      ].filter((t) => t !== joined && rare(t));
      if (rare(joined) || within.length > 0) {
        const forms = [...(rare(joined) ? [joined] : []), ...within];
        notes.push(`${word} ${next.words[0]} → ${forms.join(", ")}`);
        groups.push(
          `((${quote(word)} AND ${quote(next.words[0] as string)}) OR ${forms.map(quote).join(" OR ")})`,
        );
        i++;
        continue;
      }
    }
    const alternatives = [quote(word)];
    if (df(word) <= cap) {
      const parts = splitCompound(word, df);
      // The phrase of the parts stays cheap while one of them is rare (position lists of two common words
      // would be intersected in full).
      if (parts?.some(rare)) {
        alternatives.push(quote(parts.join(" ")));
        notes.push(`${word} → "${parts.join(" ")}"`);
      }
      for (const term of vocab.compoundsOf(word, word)) {
        if (term === word || !rare(term) || alternatives.includes(quote(term))) continue;
        alternatives.push(quote(term));
        notes.push(`${word} → ${term}`);
      }
      if (word.length >= 4) {
        let added = 0;
        for (const term of vocab.prefixed(word)) {
          if (added >= PREFIX_COMPOUNDS) break;
          const rest = term.slice(word.length);
          if (rest.length < 3 || !rare(term) || df(rest) < 2 || alternatives.includes(quote(term))) continue;
          alternatives.push(quote(term));
          notes.push(`${word} → ${term}`);
          added++;
        }
      }
    }
    groups.push(alternatives.length > 1 ? `(${alternatives.join(" OR ")})` : (alternatives[0] as string));
  }
  if (notes.length === 0 && !hasPhrase) return null;
  return { match: groups.join(" AND "), notes };
}

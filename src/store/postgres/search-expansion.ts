import type pg from "pg";
import {
  COMPOUNDS,
  type ExpansionVocabulary,
  expandUnits,
  PREFIXED,
  queryUnits,
  toTsQuery,
  type Unit,
} from "../search-query.js";
import { TimedMemo } from "../timed-memo.js";
import { arraysOf } from "./sql.js";

/**
 * Query expansion on PostgreSQL: the same rules as SQLite's (../search-query.ts) over the same vocabulary
 * tables (`engine_videos_vocab`, `engine_common_terms`, `search_compounds`, copied by `crs migrate`), so a
 * query expands to the same alternatives on both stores; rendered as a tsquery. The rules read the
 * vocabulary synchronously: what they will ask is fetched first, in three batched statements run together
 * (the df of every word, joined pair and substring a compound split may look up; each word's prefixed and
 * compound lists with their terms' dfs), then the rules run; a look-up that was not fetched is recorded,
 * fetched, and the rules run again (a safety net: the first fetch covers what the rules ask).
 */
export interface PgExpandedQuery {
  /** A tsquery literal (cast with ::tsquery). */
  tsquery: string;
  notes: string[];
}

const expansions = new TimedMemo<pg.Pool, PgExpandedQuery | null>(10_000, 512);
const ROUNDS = 6;

/** Forgets the expansions worked out for this pool (after an import changed the vocabulary). */
export function forgetPgExpansions(pool: pg.Pool): void {
  expansions.forget(pool);
}

export async function expandQuery(pool: pg.Pool, q: string, cap: number): Promise<PgExpandedQuery | null> {
  const key = `${cap}\u0000${q}`;
  const known = expansions.get(pool, key);
  if (known) return known.value;
  const expanded = await computeExpansion(pool, q, cap);
  expansions.set(pool, key, expanded);
  return expanded;
}

/** Every string a compound split of `word` may look up (its substrings of 2+ characters). */
function substrings(word: string, into: Set<string>): void {
  if (word.length < 4 || word.length > 40) return;
  for (let i = 0; i < word.length; i++) for (let j = i + 2; j <= word.length; j++) into.add(word.slice(i, j));
}

interface Lookups {
  dfs: Set<string>;
  prefixes: Set<string>;
  compounds: Map<string, [string, string]>;
}

/** What the rules will look up first: every word, joined pair and substring, and the words' lists. */
function firstLookups(units: readonly Unit[]): Lookups {
  const dfs = new Set<string>();
  const prefixes = new Set<string>();
  const compounds = new Map<string, [string, string]>();
  const compound = (part: string, containing: string) =>
    compounds.set(compoundKey(part, containing), [part, containing]);
  units.forEach((u, i) => {
    if (u.phrase) {
      dfs.add(u.words.join(""));
      return;
    }
    const word = u.words[0] as string;
    dfs.add(word);
    substrings(word, dfs);
    if (word.length >= 4) prefixes.add(word);
    compound(word, word);
    const next = units[i + 1];
    if (next && !next.phrase) {
      const joined = word + (next.words[0] as string);
      dfs.add(joined);
      compound(joined, joined);
      compound(word, joined);
    }
  });
  return { dfs, prefixes, compounds };
}

const compoundKey = (part: string, containing: string) => `${part}\u0000${containing}`;

async function computeExpansion(pool: pg.Pool, q: string, cap: number): Promise<PgExpandedQuery | null> {
  const units = queryUnits(q);
  if (units.length === 0) return null;
  const dfs = new Map<string, number>();
  const prefixes = new Map<string, string[]>();
  const compounds = new Map<string, string[]>();
  let { dfs: wantDf, prefixes: wantPrefix, compounds: wantCompounds } = firstLookups(units);
  for (let round = 0; round < ROUNDS; round++) {
    await fetchVocabulary(pool, wantDf, wantPrefix, wantCompounds, dfs, prefixes, compounds);
    const missDf = new Set<string>();
    const missPrefix = new Set<string>();
    const missCompounds = new Map<string, [string, string]>();
    const vocab: ExpansionVocabulary = {
      df: (word) => {
        const n = dfs.get(word);
        if (n === undefined) missDf.add(word);
        return n ?? 0;
      },
      prefixed: (word) => {
        const list = prefixes.get(word);
        if (!list) missPrefix.add(word);
        return list ?? [];
      },
      compoundsOf: (part, containing) => {
        const list = compounds.get(compoundKey(part, containing));
        if (!list) missCompounds.set(compoundKey(part, containing), [part, containing]);
        return list ?? [];
      },
    };
    const expansion = expandUnits(units, vocab, cap);
    if (missDf.size === 0 && missPrefix.size === 0 && missCompounds.size === 0)
      return expansion ? { tsquery: toTsQuery(expansion.tree), notes: expansion.notes } : null;
    // Terms a prefix or compound list returns are looked up next (their df and, for prefixes, the rest).
    wantDf = missDf;
    wantPrefix = missPrefix;
    wantCompounds = missCompounds;
  }
  throw new Error(`query expansion did not settle in ${ROUNDS} rounds`);
}

async function fetchVocabulary(
  pool: pg.Pool,
  wantDf: Set<string>,
  wantPrefix: Set<string>,
  wantCompounds: Map<string, [string, string]>,
  dfs: Map<string, number>,
  prefixes: Map<string, string[]>,
  compounds: Map<string, string[]>,
): Promise<void> {
  const work: Promise<void>[] = [];
  if (wantDf.size > 0) {
    const words = [...wantDf];
    work.push(
      // As SQLite's: the precomputed count of a common term first, else the vocabulary's.
      arraysOf<[string, number]>(
        pool,
        `SELECT w.term, coalesce(c.df, v.doc, 0) FROM unnest($1::text[]) AS w(term)
         LEFT JOIN engine_common_terms c ON c.term = w.term LEFT JOIN engine_videos_vocab v ON v.term = w.term`,
        [words],
      ).then((rows) => {
        for (const [term, n] of rows) dfs.set(term, n);
      }),
    );
  }
  if (wantPrefix.size > 0) {
    const words = [...wantPrefix];
    work.push(
      // With each term's df and its rest's (the rules ask both), so no second round is needed.
      arraysOf<[string, string, number, string, number]>(
        pool,
        `SELECT w.word, p.term, coalesce(c.df, p.doc), r.rest, coalesce(rc.df, rv.doc, 0)
         FROM unnest($1::text[]) AS w(word)
         CROSS JOIN LATERAL (SELECT v.term, v.doc FROM engine_videos_vocab v
           WHERE v.term > w.word COLLATE "C" AND v.term < (w.word || chr(1114111)) COLLATE "C"
           ORDER BY v.doc DESC, v.term LIMIT ${PREFIXED}) p
         CROSS JOIN LATERAL (SELECT substr(p.term, length(w.word) + 1) AS rest) r
         LEFT JOIN engine_common_terms c ON c.term = p.term
         LEFT JOIN engine_common_terms rc ON rc.term = r.rest LEFT JOIN engine_videos_vocab rv ON rv.term = r.rest
         ORDER BY w.word, p.doc DESC, p.term`,
        [words],
      ).then((rows) => {
        for (const word of words) prefixes.set(word, []);
        for (const [word, term, df, rest, restDf] of rows) {
          prefixes.get(word)?.push(term);
          dfs.set(term, df);
          dfs.set(rest, restDf);
        }
      }),
    );
  }
  if (wantCompounds.size > 0) {
    const pairs = [...wantCompounds.values()];
    work.push(
      arraysOf<[string, string, string, number]>(
        pool,
        `SELECT x.part, x.containing, s.term, coalesce(c.df, v.doc, 0)
         FROM unnest($1::text[], $2::text[]) AS x(part, containing)
         CROSS JOIN LATERAL (SELECT s.term, s.df FROM search_compounds s
           WHERE s.part = x.part AND strpos(s.term, x.containing) > 0 ORDER BY s.df DESC, s.term LIMIT ${COMPOUNDS}) s
         LEFT JOIN engine_common_terms c ON c.term = s.term LEFT JOIN engine_videos_vocab v ON v.term = s.term
         ORDER BY x.part, x.containing, s.df DESC, s.term`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      ).then((rows) => {
        for (const [part, containing] of pairs) compounds.set(compoundKey(part, containing), []);
        for (const [part, containing, term, df] of rows) {
          compounds.get(compoundKey(part, containing))?.push(term);
          dfs.set(term, df);
        }
      }),
    );
  }
  await Promise.all(work);
}

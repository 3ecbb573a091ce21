import type { Statement } from "better-sqlite3";
import {
  COMPOUNDS,
  type ExpansionVocabulary,
  expandUnits,
  PREFIXED,
  queryUnits,
  toFtsMatch,
} from "../search-query.js";
import { TimedMemo } from "../timed-memo.js";
import type { Db } from "./connection.js";

export { queryUnits };

/**
 * Query expansion of text search over the corpus's own FTS vocabulary (`engine_videos_vocab`): the rules
 * are engine-neutral (../search-query.ts); this reads the vocabulary and renders the FTS5 MATCH expression.
 * Returns null when nothing is added and there is no phrase (the caller's plain path is the same query).
 */
export interface ExpandedQuery {
  match: string;
  /** What was added, for logs and tests: e.g. `phuquoc → "phu quoc"`. */
  notes: string[];
}

const statements = new WeakMap<
  Db,
  { common: Statement; df: Statement; prefix: Statement; compounds: Statement }
>();

function vocabularyOf(db: Db): ExpansionVocabulary {
  let s = statements.get(db);
  if (!s) {
    s = {
      // fts5vocab counts a word's documents by reading its whole doclist (~12 ms for a word in a third of
      // 1M videos): common words come from the precomputed engine_common_terms instead.
      common: db.prepare("SELECT df FROM engine_common_terms WHERE term = ?").pluck(),
      df: db.prepare("SELECT doc FROM engine_videos_vocab WHERE term = ?").pluck(),
      prefix: db
        .prepare(
          `SELECT term FROM engine_videos_vocab WHERE term > ? AND term < ? ORDER BY doc DESC LIMIT ${PREFIXED}`,
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

/**
 * Expansions already worked out, per database: a query's expansion reads the vocabulary some 30 times
 * (0.44 ms of a 1.6 ms search for "parenting" on 20 000 videos), so a query asked again within
 * 10 s reuses it. The vocabulary changes only by import, which forgets this process's memo
 * (forgetExpansions); another process's import is seen within 10 s.
 */
const expansions = new TimedMemo<Db, ExpandedQuery | null>(10_000, 512);

export function forgetExpansions(db: Db): void {
  expansions.forget(db);
}

export function expandQuery(db: Db, q: string, cap: number): ExpandedQuery | null {
  const key = `${cap}\u0000${q}`;
  const known = expansions.get(db, key);
  if (known) return known.value;
  const expanded = computeExpansion(db, q, cap);
  expansions.set(db, key, expanded);
  return expanded;
}

function computeExpansion(db: Db, q: string, cap: number): ExpandedQuery | null {
  const expansion = expandUnits(queryUnits(q), vocabularyOf(db), cap);
  return expansion ? { match: toFtsMatch(expansion.tree), notes: expansion.notes } : null;
}

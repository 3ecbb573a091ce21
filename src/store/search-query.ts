import { splitCompound } from "../shared/text/compounds.js";
import { otherNumberForms } from "../shared/text/inflection.js";
import { normalizeTokens } from "../shared/text/normalize.js";

/**
 * Query expansion of text search, engine-neutral: the rules, over a vocabulary the store supplies (SQLite:
 * its FTS vocabulary, sqlite/search-expansion.ts; PostgreSQL: the copied `engine_videos_vocab`,
 * postgres/search-expansion.ts), and the result as a small tree each engine renders in its own syntax
 * (FTS5 MATCH, tsquery):
 *
 * - a word also matches its split when every part is a corpus word: "phuquoc" → "phu quoc" (adjacent);
 * - adjacent words also match their run-together form when the corpus uses it: "skin care" → "skincare",
 *   "phu quoc" → "#phuquoc";
 * - a word of 4+ letters also matches hashtag compounds that start with it and continue with a corpus word:
 *   "protein" → "#proteinbowl" (at most PREFIX_COMPOUNDS of them, the most used);
 * - an English word also matches its other number when the corpus uses it: "hotels" → "hotel", "city" →
 *   "cities" (not where the stem reads as a Vietnamese syllable: ../shared/text/inflection.ts);
 * - "quoted words" are a phrase: they must appear adjacent, in that order.
 *
 * Alternatives are added only while they keep the query exact (each alternative's document frequency at
 * most `cap`, the exact-ranking cap): a query whose words are all common keeps the bounded ranking as is.
 */

/** One alternative: every phrase of it must match (a phrase: its words adjacent, in order; one word alone). */
export type Alternative = string[][];
/** A group matches when one of its alternatives does; a query when every group does. */
export type QueryTree = Alternative[][];

export interface Expansion {
  tree: QueryTree;
  /** What was added, for logs and tests: e.g. `phuquoc → "phu quoc"`. */
  notes: string[];
}

/** What the expansion reads of the corpus (synchronously: an async store fetches it first). */
export interface ExpansionVocabulary {
  /** Documents holding the word (0: unknown). */
  df: (word: string) => number;
  /** Indexed words that start with `word` (longer than it), most used first, at most 40. */
  prefixed: (word: string) => string[];
  /** Compound words with `part` among their parts and `containing` inside them, most used first. */
  compoundsOf: (part: string, containing: string) => string[];
}

const PREFIX_COMPOUNDS = 4;
/** Compounds a word or joined pair is expanded to (search_compounds), most used first. */
export const COMPOUNDS = 12;
/** Prefixed words read per word. */
export const PREFIXED = 40;

export interface Unit {
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

/** The expansion of `units`; null when nothing is added and there is no phrase (the plain query is the same). */
export function expandUnits(
  units: readonly Unit[],
  vocab: ExpansionVocabulary,
  cap: number,
): Expansion | null {
  if (units.length === 0) return null;
  const hasPhrase = units.some((u) => u.phrase);
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
  const tree: QueryTree = [];
  const rare = (w: string) => {
    const n = df(w);
    return n > 0 && n <= cap;
  };
  const has = (alternatives: Alternative[], word: string) =>
    alternatives.some((a) => a.length === 1 && a[0]?.length === 1 && a[0][0] === word);
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as Unit;
    const next = units[i + 1];
    if (unit.phrase) {
      const alternatives: Alternative[] = [[unit.words]];
      const joined = unit.words.join("");
      if (rare(joined)) {
        alternatives.push([[joined]]);
        notes.push(`"${unit.words.join(" ")}" → ${joined}`);
      }
      tree.push(alternatives);
      continue;
    }
    const word = unit.words[0] as string;
    // Adjacent words written together in the corpus: "skin care" ~ "skincare".
    if (next && !next.phrase) {
      const nextWord = next.words[0] as string;
      const joined = word + nextWord;
      const within = [
        ...new Set([...vocab.compoundsOf(joined, joined), ...vocab.compoundsOf(word, joined)]),
      ].filter((t) => t !== joined && rare(t));
      if (rare(joined) || within.length > 0) {
        const forms = [...(rare(joined) ? [joined] : []), ...within];
        notes.push(`${word} ${nextWord} → ${forms.join(", ")}`);
        tree.push([[[word], [nextWord]], ...forms.map((f): Alternative => [[f]])]);
        i++;
        continue;
      }
    }
    const alternatives: Alternative[] = [[[word]]];
    if (df(word) <= cap) {
      const parts = splitCompound(word, df);
      // The phrase of the parts stays cheap while one of them is rare (position lists of two common words
      // would be intersected in full).
      if (parts?.some(rare)) {
        alternatives.push([parts]);
        notes.push(`${word} → "${parts.join(" ")}"`);
      }
      for (const term of vocab.compoundsOf(word, word)) {
        if (term === word || !rare(term) || has(alternatives, term)) continue;
        alternatives.push([[term]]);
        notes.push(`${word} → ${term}`);
      }
      const inflected = otherNumberForms(word).find((f) => rare(f) && !has(alternatives, f));
      if (inflected) {
        alternatives.push([[inflected]]);
        notes.push(`${word} → ${inflected}`);
      }
      if (word.length >= 4) {
        let added = 0;
        for (const term of vocab.prefixed(word)) {
          if (added >= PREFIX_COMPOUNDS) break;
          const rest = term.slice(word.length);
          if (rest.length < 3 || !rare(term) || df(rest) < 2 || has(alternatives, term)) continue;
          alternatives.push([[term]]);
          notes.push(`${word} → ${term}`);
          added++;
        }
      }
    }
    tree.push(alternatives);
  }
  if (notes.length === 0 && !hasPhrase) return null;
  return { tree, notes };
}

const ftsQuote = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** The tree as an FTS5 MATCH expression (phrases quoted, `AND` / `OR`, groups in parentheses). */
export function toFtsMatch(tree: QueryTree): string {
  const alternative = (a: Alternative) => {
    const phrases = a.map((p) => ftsQuote(p.join(" ")));
    return phrases.length > 1 ? `(${phrases.join(" AND ")})` : (phrases[0] as string);
  };
  return tree
    .map((group) => {
      const alternatives = group.map(alternative);
      return alternatives.length > 1 ? `(${alternatives.join(" OR ")})` : (alternatives[0] as string);
    })
    .join(" AND ");
}

/** One lexeme as a tsquery operand: quoted, so it is taken literally (no parsing, no stemming). */
export const tsLexeme = (s: string): string => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The tree as a tsquery literal (phrases `<->`, `&` / `|`), to cast with `::tsquery` (not to_tsquery). */
export function toTsQuery(tree: QueryTree): string {
  const phrase = (p: string[]) =>
    p.length > 1 ? `(${p.map(tsLexeme).join(" <-> ")})` : tsLexeme(p[0] ?? "");
  const alternative = (a: Alternative) =>
    a.length > 1 ? `(${a.map(phrase).join(" & ")})` : phrase(a[0] ?? []);
  return tree
    .map((group) =>
      group.length > 1 ? `(${group.map(alternative).join(" | ")})` : alternative(group[0] ?? []),
    )
    .join(" & ");
}

/** Every term a literal word, all required: the plain query as a tsquery literal. */
export function tsAllTerms(terms: readonly string[]): string {
  return terms.map(tsLexeme).join(" & ");
}

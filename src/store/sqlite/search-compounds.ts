import { splitCompound } from "../../shared/text/compounds.js";
import type { Db } from "./connection.js";
import { forgetExpansions } from "./search-expansion.js";

/** Shortest indexed word considered as a compound (two parts of at least 3 letters, or 2+2+2). */
const MIN_COMPOUND = 6;

/**
 * Rebuilds `search_compounds`: every indexed word that splits into words the corpus also uses on their own
 * (shared/text/compounds.ts), with each of its parts — "homestaycantho" → homestay, cantho;
 * "phuquoc" → phu, quoc. A word is taken as a compound only when it is rarer than each of its parts (a
 * real compound is; "resort" is far more common than "sort", so it is not split). Search expands a query
 * word to the compounds it is a part of (search-expansion.ts). Reads the FTS vocabulary once.
 */
export function refreshSearchCompounds(db: Db): { compounds: number } {
  const vocabulary = new Map(
    db.prepare("SELECT term, doc FROM engine_videos_vocab").raw().all() as [string, number][],
  );
  const df = (w: string) => vocabulary.get(w) ?? 0;
  const rows: [string, string, number][] = [];
  let compounds = 0;
  for (const [term, doc] of vocabulary) {
    if (term.length < MIN_COMPOUND || /^\d+$/.test(term)) continue;
    const parts = splitCompound(term, df);
    if (!parts || parts.some((p) => df(p) <= doc)) continue;
    compounds++;
    for (const part of new Set(parts)) rows.push([part, term, doc]);
  }
  db.transaction(() => {
    db.exec("DELETE FROM search_compounds");
    const insert = db.prepare("INSERT OR IGNORE INTO search_compounds (part, term, df) VALUES (?, ?, ?)");
    for (const r of rows) insert.run(...r);
  })();
  forgetExpansions(db);
  return { compounds };
}

import type pg from "pg";

/** Positional parameters of one statement: `add(value)` returns its placeholder (`$1`, `$2`, …). */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The rows of a parameterised query. */
export async function rowsOf<T>(
  pool: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

/** The rows of a parameterised query, each as an array of its columns (cheaper to build than objects). */
export async function arraysOf<T extends unknown[]>(
  pool: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[] = [],
  name?: string,
): Promise<T[]> {
  return (await pool.query({ text, values, rowMode: "array", ...(name ? { name } : {}) })).rows as T[];
}

/** The first column of the first row, or undefined when there is no row. */
export async function scalarOf<T>(
  pool: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[] = [],
): Promise<T | undefined> {
  const rows = await arraysOf<[T]>(pool, text, values);
  return rows[0]?.[0];
}

/** Keyset condition `(key, id) < (k, id)` on two expressions, or "" at the start of a list. */
export function keysetBefore(
  params: Params,
  key: string,
  id: string,
  position: { k: number; id: string } | null,
): string {
  if (!position) return "";
  return `AND (${key}, ${id}) < (${params.add(position.k)}, ${params.add(position.id)})`;
}

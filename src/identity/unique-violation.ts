/**
 * A unique-constraint violation, from either engine: SQLite's `SQLITE_CONSTRAINT_UNIQUE` (or the primary-key
 * variant) and PostgreSQL's SQLSTATE 23505. Callers turn it into the refusal a user understands.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/**
 * Values worked out per connection (a SQLite handle, a PostgreSQL pool) and reused for `ttlMs`: at most
 * `size` per connection, the least recently stored dropped first. `forget` drops a connection's values
 * after a write that changes them; another process's write is seen once `ttlMs` has passed.
 */
export class TimedMemo<Owner extends object, Value> {
  private readonly owners = new WeakMap<Owner, Map<string, { at: number; value: Value }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
  ) {}

  /** The stored value, boxed (a stored `undefined` or `null` is a value), or undefined when absent or stale. */
  get(owner: Owner, key: string): { value: Value } | undefined {
    const known = this.owners.get(owner)?.get(key);
    return known && performance.now() - known.at < this.ttlMs ? known : undefined;
  }

  set(owner: Owner, key: string, value: Value): void {
    let entries = this.owners.get(owner);
    if (!entries) {
      entries = new Map();
      this.owners.set(owner, entries);
    }
    entries.delete(key);
    if (entries.size >= this.size) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: performance.now(), value });
  }

  forget(owner: Owner): void {
    this.owners.delete(owner);
  }
}

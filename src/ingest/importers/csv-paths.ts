/**
 * Apify's CSV export flattens each JSON item into columns named by path: `authorMeta/name`,
 * `hashtags/0/name`, `videoMeta/subtitleLinks/1/language`. This rebuilds the item: numeric segments become
 * array positions, empty cells are left out (absent, as in the JSON), and arrays are compacted.
 */
export function unflattenRow(row: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [column, cell] of Object.entries(row)) {
    if (cell === "" || column === "") continue;
    const path = column.split("/");
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i] as string;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1] as string);
      const slot: string | number = Array.isArray(node) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = cell;
        break;
      }
      let child = container[slot];
      if (typeof child !== "object" || child === null) {
        child = nextIsIndex ? [] : {};
        container[slot] = child;
      }
      node = child as Record<string, unknown> | unknown[];
    }
  }
  return compact(root) as Record<string, unknown>;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = compact(v);
  }
  return value;
}

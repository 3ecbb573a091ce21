/** Deeper than any operation's input: the analyst body and tool arguments are a few levels deep. */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `max` (walked iteratively: no recursion to overflow). */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

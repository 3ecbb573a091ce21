/** Splits `---`-delimited front matter (one `key: value` per line; keys may repeat) from a markdown body. */
export function parseFrontMatter(text: string): { fields: [string, string][]; body: string } {
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(normalised);
  if (!match) return { fields: [], body: normalised };
  const fields: [string, string][] = [];
  for (const line of (match[1] ?? "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    fields.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return { fields, body: normalised.slice(match[0].length) };
}

export const field = (fields: [string, string][], key: string): string | undefined =>
  fields.find(([k]) => k === key)?.[1];

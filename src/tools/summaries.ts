import type { VideoSummary } from "../domain/schemas/records.js";

/** The MCP text summary of a page of videos: how many, from what, and the first few with their plays. */
export function videoPageSummary(
  data: readonly VideoSummary[],
  meta: { total: number | null; has_more: boolean },
  what: string,
): string {
  const total = meta.total !== null ? ` of ${meta.total}` : "";
  const more = meta.has_more ? "; more with next_cursor" : "";
  const lines = data.slice(0, 5).map((v) => `\n- ${v.id}: ${v.desc.slice(0, 80)} (${v.play_count} plays)`);
  return `${data.length} video(s)${total} ${what}${more}.${lines.join("")}`;
}

import type { KeyEvent } from "../../identity/audit.js";
import { maskKey } from "../../identity/key-material.js";
import { html, utcTime } from "../html.js";
import { page, type Viewer } from "./layout.js";

export interface AuditRow extends KeyEvent {
  /** Whose key it is. */
  holder: string;
  /** Who acted, in words. */
  by: string;
}

const EVENT_WORDS: Record<string, string> = {
  reveal: "revealed",
  create: "created",
  rotate: "rotated",
  revoke: "revoked",
  use: "used",
  expire: "expired",
};

export function auditPage(view: {
  viewer: Viewer;
  rows: AuditRow[];
  isOwner: boolean;
  limit: number;
}): string {
  const body =
    view.rows.length === 0
      ? html`<p>No events yet.</p>`
      : html`<div class="table-wrap" role="region" aria-label="Audit events" tabindex="0"><table class="cards">
<caption class="hint">Newest first; the latest ${view.limit} at most. A key's use is recorded at most once a minute.</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Key</th><th scope="col">Holder</th><th scope="col">By</th><th scope="col">Detail</th></tr></thead>
<tbody>${view.rows.map(
          (r) => html`<tr>
  <td data-label="When">${utcTime(r.at)}</td>
  <td data-label="Event">${EVENT_WORDS[r.event] ?? r.event}</td>
  <td data-label="Key">${r.keyPrefix ? html`<code>${maskKey(r.keyPrefix)}</code>` : "—"}</td>
  <td data-label="Holder">${r.holder}</td>
  <td data-label="By">${r.by}</td>
  <td data-label="Detail">${r.detail || "—"}</td>
</tr>`,
        )}</tbody></table></div>`;
  return page(
    { title: "Audit", section: "audit", viewer: view.viewer },
    html`<h1>Audit</h1>
<p class="who">Key events in <strong>${view.viewer.current?.orgName ?? "—"}</strong>${
      view.isOwner ? " (every key of the organisation)" : " (your keys)"
    }: reveal, create, rotate, revoke and use.</p>
${body}`,
  );
}

import type { IssuedKey, KeySummary } from "../../identity/keys.js";
import { html, type SafeHtml, utcTime } from "../html.js";
import { messages, page, type Viewer } from "./layout.js";

export interface KeysView {
  viewer: Viewer;
  userId: string;
  isOwner: boolean;
  /** The viewer's live default key in this organisation, if revealed. */
  defaultKey: KeySummary | undefined;
  /** Every key of the organisation for an owner; the viewer's own for a member. */
  keys: KeySummary[];
  error?: string;
  notice?: string;
  form?: { label: string; analyst: boolean; days: string };
}

const SCOPE_NAMES: Record<string, string> = {
  "content:read": "content:read",
  "agent:request": "agent:request (analyst)",
};

function hiddenCsrf(viewer: Viewer): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${viewer.csrf}">`;
}

function defaultSlot(view: KeysView): SafeHtml {
  const key = view.defaultKey;
  if (!key)
    return html`<p>Your default key for this organisation (both scopes) has not been revealed yet. Its secret is shown
<strong>once</strong>, on the next page; afterwards it can only be rotated.</p>
<form method="post" action="/settings/keys/reveal">${hiddenCsrf(view.viewer)}
  <button type="submit" data-busy>Reveal default key</button>
</form>`;
  return html`<p>Default key <code>${key.masked}</code> · ${key.state} · created ${utcTime(key.createdAt)}.
It was already revealed and cannot be shown again; rotate it for a new secret (the old one stops working at once).</p>
<form method="post" action="/settings/keys/${key.id}/rotate">${hiddenCsrf(view.viewer)}
  <button type="submit" data-busy>Rotate default key</button>
</form>`;
}

function createForm(view: KeysView): SafeHtml {
  const form = view.form ?? { label: "", analyst: false, days: "" };
  return html`<form method="post" action="/settings/keys/create">${hiddenCsrf(view.viewer)}
  <label for="label">Label</label>
  <input id="label" name="label" type="text" maxlength="64" value="${form.label}" aria-describedby="label-hint">
  <p class="hint" id="label-hint">What the key is for, e.g. “reporting script”.</p>
  <fieldset>
    <legend>Scopes</legend>
    <label class="check"><input type="checkbox" checked disabled> <span>content:read — search and read the corpus (always included)</span></label>
    <label class="check"><input type="checkbox" name="agent" value="on"${form.analyst ? html` checked` : ""}> <span>agent:request — ask the analyst (counts against the monthly allowance)</span></label>
  </fieldset>
  <label for="days">Expires after (days, optional)</label>
  <input id="days" name="days" type="number" min="1" max="3650" inputmode="numeric" value="${form.days}" aria-describedby="days-hint">
  <p class="hint" id="days-hint">Leave empty for a key that does not expire.</p>
  <div class="actions"><button type="submit" data-busy>Create key</button></div>
</form>`;
}

function keyRow(view: KeysView, key: KeySummary): SafeHtml {
  const mine = key.userId === view.userId;
  const live = key.state === "active" || key.state === "expired";
  const rotate =
    mine && key.state === "active"
      ? html`<form class="inline" method="post" action="/settings/keys/${key.id}/rotate">${hiddenCsrf(view.viewer)}<button type="submit" class="secondary small" aria-label="Rotate ${key.masked}">Rotate</button></form>`
      : "";
  const revoke =
    live && (mine || view.isOwner)
      ? html`<a class="button danger small" href="/settings/keys/${key.id}/revoke" aria-label="Revoke ${key.masked}">Revoke…</a>`
      : "";
  return html`<tr>
  <td data-label="Key"><code>${key.masked}</code></td>
  <td data-label="Label">${key.isDefault ? "default" : key.label || "—"}</td>
  ${view.isOwner ? html`<td data-label="Holder">${key.userEmail}</td>` : ""}
  <td data-label="Scopes">${key.scopes.join(", ")}</td>
  <td data-label="Created">${utcTime(key.createdAt)}</td>
  <td data-label="Last used">${utcTime(key.lastUsedAt)}</td>
  <td data-label="Expires">${key.expiresAt === null ? "never" : utcTime(key.expiresAt)}</td>
  <td data-label="Status"><span class="state-${key.state}">${key.state}</span></td>
  <td data-label="Actions"><div class="actions">${rotate}${revoke}</div></td>
</tr>`;
}

export function keysPage(view: KeysView): string {
  const org = view.viewer.current;
  const inactive =
    org && org.subscription !== "active"
      ? html`<div class="warning" role="status">This organisation's subscription is <strong>${org.subscription}</strong>:
its keys are refused by the API until it is active again.</div>`
      : "";
  const list =
    view.keys.length === 0
      ? html`<p>No keys yet.</p>`
      : html`<div class="table-wrap" role="region" aria-label="Keys" tabindex="0"><table class="cards">
<caption class="hint">${view.isOwner ? "Every key of the organisation (you are an owner)." : "Your keys in this organisation."} Keys are masked: only the prefix is ever shown again.</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Label</th>${view.isOwner ? html`<th scope="col">Holder</th>` : ""}<th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
<tbody>${view.keys.map((k) => keyRow(view, k))}</tbody></table></div>`;
  return page(
    { title: "Keys", section: "keys", viewer: view.viewer },
    html`<h1>API keys</h1>
<p class="who">Organisation <strong>${org?.orgName ?? "—"}</strong>${org?.role === "owner" ? " · you are an owner" : ""}. A key works for this organisation only.</p>
${messages(view)}${inactive}
<section class="panel" aria-labelledby="default-heading"><h2 id="default-heading">Default key</h2>${defaultSlot(view)}</section>
<section class="panel" aria-labelledby="create-heading"><h2 id="create-heading">Create another key</h2>${createForm(view)}</section>
<section aria-labelledby="list-heading"><h2 id="list-heading">Keys</h2>${list}</section>`,
  );
}

/** The one response that ever carries the secret (Cache-Control: no-store, like every settings page). */
export function secretPage(view: {
  viewer: Viewer;
  key: IssuedKey;
  what: string;
  replaces?: string;
}): string {
  return page(
    { title: "Your new key", section: "keys", viewer: view.viewer },
    html`<h1>${view.what}</h1>
<div class="warning" role="status">Copy this key now. It is shown <strong>only on this page</strong> and cannot be shown again${
      view.replaces ? html`; the key it replaces (<code>${view.replaces}</code>) has stopped working` : ""
    }.</div>
<div class="panel">
<p id="secret-label">Key <code>crs_${view.key.prefix}_…</code> · scopes ${view.key.scopes.map((s) => SCOPE_NAMES[s] ?? s).join(", ")}</p>
<code class="secret" id="secret" tabindex="0" aria-labelledby="secret-label" data-autofocus>${view.key.secret}</code>
<div class="actions">
  <button type="button" data-copy="secret" data-status="copy-status" hidden>Copy key</button>
  <a class="button secondary" href="/settings/keys">Done</a>
</div>
<p role="status" id="copy-status" class="hint"></p>
<p class="hint">Send it as <code>Authorization: Bearer &lt;key&gt;</code>; never in a URL.</p>
</div>`,
  );
}

export function revokePage(view: { viewer: Viewer; key: KeySummary; error?: string }): string {
  const key = view.key;
  return page(
    { title: "Revoke key", section: "keys", viewer: view.viewer },
    html`<h1>Revoke key <code>${key.masked}</code>?</h1>
${messages(view)}
<div class="panel">
<dl class="figures">
  <dt>Label</dt><dd>${key.isDefault ? "default" : key.label || "—"}</dd>
  <dt>Holder</dt><dd>${key.userEmail}</dd>
  <dt>Scopes</dt><dd>${key.scopes.join(", ")}</dd>
  <dt>Last used</dt><dd>${utcTime(key.lastUsedAt)}</dd>
</dl>
<p>Every request with this key is refused from the moment you confirm. This cannot be undone.</p>
<form method="post" action="/settings/keys/${key.id}/revoke">
  <input type="hidden" name="_csrf" value="${view.viewer.csrf}">
  <div class="actions">
    <button type="submit" class="danger" data-busy>Revoke key</button>
    <a class="button secondary" href="/settings/keys">Cancel</a>
  </div>
</form>
</div>`,
  );
}

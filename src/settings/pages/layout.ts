import type { UserMembership } from "../../identity/memberships.js";
import { html, type SafeHtml } from "../html.js";

export type Section = "keys" | "audit" | "usage";

/** Who is looking, for the header: their organisations (the switcher) and the session's CSRF token. */
export interface Viewer {
  email: string;
  memberships: UserMembership[];
  current: UserMembership | undefined;
  csrf: string;
}

export interface Frame {
  title: string;
  section?: Section;
  viewer?: Viewer;
}

const SECTIONS: [Section, string][] = [
  ["keys", "Keys"],
  ["audit", "Audit"],
  ["usage", "Usage"],
];

function header(frame: Frame): SafeHtml {
  const viewer = frame.viewer;
  if (!viewer)
    return html`<header class="site"><div class="bar"><span class="brand">Creative Research Service · Settings</span></div></header>`;
  const section = frame.section ?? "keys";
  const nav = html`<nav class="main" aria-label="Settings sections"><ul>${SECTIONS.map(
    ([id, label]) =>
      html`<li><a href="/settings/${id}"${id === section ? html` aria-current="page"` : ""}>${label}</a></li>`,
  )}</ul></nav>`;
  const switcher =
    viewer.memberships.length > 0
      ? html`<form class="switcher" method="post" action="/settings/org">
  <input type="hidden" name="_csrf" value="${viewer.csrf}">
  <input type="hidden" name="back" value="${section}">
  <label for="org-switch" class="inline-label">Organisation</label>
  <select id="org-switch" name="org">${viewer.memberships.map(
    (m) =>
      html`<option value="${m.orgId}"${m.orgId === viewer.current?.orgId ? html` selected` : ""}>${m.orgName}${m.role === "owner" ? " (owner)" : ""}</option>`,
  )}</select>
  <button type="submit" class="secondary small">Switch</button>
</form>`
      : html``;
  return html`<header class="site"><div class="bar">
  <a class="brand" href="/settings/keys">Creative Research Service · Settings</a>
  ${nav}
  ${switcher}
  <form class="signout" method="post" action="/settings/sign-out">
    <input type="hidden" name="_csrf" value="${viewer.csrf}">
    <span class="hint">${viewer.email}</span>
    <button type="submit" class="secondary small">Sign out</button>
  </form>
</div></header>`;
}

/** The whole document: the stylesheet and script are files (the CSP allows nothing inline). */
export function page(frame: Frame, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${frame.title} · CRS settings</title>
<link rel="icon" href="/settings/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/settings/assets/app.css">
<script src="/settings/assets/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(frame)}
<main id="main" tabindex="-1">
${body}
</main>
</body>
</html>
`.text;
}

/** A refusal or confirmation at the top of a page; `role` makes screen readers announce it. */
export function messages(options: { error?: string; notice?: string }): SafeHtml {
  return html`${options.error ? html`<div class="alert" role="alert" tabindex="-1" data-autofocus>${options.error}</div>` : ""}${
    options.notice ? html`<div class="notice" role="status">${options.notice}</div>` : ""
  }`;
}

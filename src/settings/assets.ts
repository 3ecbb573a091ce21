/**
 * The settings app's stylesheet and script, served as files from /settings/assets/ (the CSP allows no inline
 * script or style). The script only enhances: every page works without it.
 */
export const SETTINGS_JS = `"use strict";
// Copy buttons: shown only where the Clipboard API exists; the secret stays selectable text without them.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const target = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.dataset.status || "");
  if (!target || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(target.textContent.trim());
      if (status) status.textContent = "Copied to the clipboard.";
    } catch {
      if (status) status.textContent = "Copying failed: select the key and copy it by hand.";
    }
  });
}
// A form whose button says data-busy disables it once sent, so a double click does not submit twice.
for (const form of document.querySelectorAll("form")) {
  form.addEventListener("submit", () => {
    for (const button of form.querySelectorAll("button[data-busy]")) {
      setTimeout(() => { button.disabled = true; }, 0);
    }
  });
}
// Focus the page's first error or the revealed secret, so screen readers and keyboards land on it.
const focusTarget = document.querySelector("[data-autofocus]");
if (focusTarget) focusTarget.focus();
`;

export const SETTINGS_CSS = `:root {
  --ink: #1b1f24; --muted: #4d5662; --line: #c9d0d8; --paper: #ffffff; --wash: #f3f5f7;
  --accent: #0b5cad; --accent-ink: #ffffff; --danger: #a4161a; --ok: #1d6b36; --warn-wash: #fff4d6;
  --focus: #f2a900;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: var(--paper); line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; font-size: 1rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem 1rem; }
.skip:focus { left: .5rem; z-index: 10; }
header.site { background: var(--wash); border-bottom: 1px solid var(--line); }
.bar { max-width: 80rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; align-items: center; }
.brand { font-weight: 700; margin-right: auto; text-decoration: none; color: var(--ink); }
nav.main ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0; }
nav.main a { display: inline-block; padding: .5rem .25rem; }
nav.main a[aria-current="page"] { font-weight: 700; color: var(--ink); text-decoration-thickness: 3px; }
.switcher, .signout { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0; }
.switcher label { margin: 0; }
.switcher select { width: auto; max-width: 14rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .75rem; }
.who { color: var(--muted); margin: 0 0 1rem; }
.panel { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; background: var(--paper); }
.panel > :first-child { margin-top: 0; }
.narrow { max-width: 28rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.check { display: flex; gap: .5rem; align-items: flex-start; font-weight: 400; }
.check input { margin-top: .35rem; width: 1.1rem; height: 1.1rem; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .75rem 0; padding: .5rem 1rem; }
legend { font-weight: 600; padding: 0 .25rem; }
input[type="text"], input[type="email"], input[type="password"], input[type="number"], select {
  font: inherit; padding: .55rem .6rem; border: 1px solid #7b8794; border-radius: 6px; width: 100%; max-width: 28rem; background: var(--paper); color: var(--ink);
}
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
button, .button {
  font: inherit; display: inline-block; min-height: 2.75rem; padding: .55rem 1rem; border-radius: 6px; border: 1px solid var(--accent);
  background: var(--accent); color: var(--accent-ink); cursor: pointer; text-decoration: none; line-height: 1.5;
}
button.secondary, .button.secondary { background: var(--paper); color: var(--accent); }
button.danger, .button.danger { background: var(--danger); border-color: var(--danger); color: #fff; }
button.small { min-height: 2.25rem; padding: .3rem .7rem; font-size: .9rem; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; align-items: center; }
.inline { display: inline; margin: 0; }
.alert { border-left: 5px solid var(--danger); background: #fdecec; padding: .75rem 1rem; margin: 1rem 0; border-radius: 4px; }
.notice { border-left: 5px solid var(--ok); background: #e8f5ec; padding: .75rem 1rem; margin: 1rem 0; border-radius: 4px; }
.warning { border-left: 5px solid var(--focus); background: var(--warn-wash); padding: .75rem 1rem; margin: 1rem 0; border-radius: 4px; }
.secret { display: block; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1.05rem; word-break: break-all;
  user-select: all; background: var(--wash); border: 1px dashed #7b8794; padding: .75rem; border-radius: 6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--wash); white-space: nowrap; }
tr:last-child td { border-bottom: none; }
.state-active { color: var(--ok); font-weight: 600; }
.state-revoked, .state-expired { color: var(--danger); font-weight: 600; }
.state-rotated { color: var(--muted); font-weight: 600; }
dl.figures { display: grid; grid-template-columns: minmax(10rem, max-content) 1fr; gap: .35rem 1rem; margin: 0; }
dl.figures dt { font-weight: 600; }
dl.figures dd { margin: 0; }
.chart svg { width: 100%; height: auto; max-width: 48rem; display: block; }
.chart .bar-fill { fill: var(--accent); }
.chart .axis { stroke: #7b8794; stroke-width: 1; }
.chart text { fill: var(--muted); font-size: 11px; font-family: inherit; }
details { margin: .75rem 0; }
summary { cursor: pointer; color: var(--accent); }
@media (max-width: 40rem) {
  h1 { font-size: 1.35rem; }
  .bar { padding: .5rem .75rem; }
  main { padding: .75rem .75rem 2rem; }
  dl.figures { grid-template-columns: 1fr; }
  dl.figures dd { margin-bottom: .5rem; }
  /* Key tables become one card per key on a phone. */
  table.cards thead { position: absolute; left: -999px; }
  table.cards tr { display: block; border-bottom: 2px solid var(--line); padding: .5rem 0; }
  table.cards td { display: grid; grid-template-columns: 7.5rem 1fr; gap: .5rem; border: none; padding: .2rem .6rem; }
  table.cards td::before { content: attr(data-label); font-weight: 600; color: var(--muted); }
}
`;

/** The tab icon (a browser asks for one; without it every page logs a 404). */
export const SETTINGS_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M9 21h14M9 16h10M9 11h14" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`;

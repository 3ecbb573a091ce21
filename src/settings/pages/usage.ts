import type { UsageRecord } from "../../limits/usage.js";
import type { AnalystDays } from "../analyst-days.js";
import { html, type SafeHtml } from "../html.js";
import { page, type Viewer } from "./layout.js";

const iso = (text: string) => text.replace("T", " ").replace(/:\d\dZ$/, " UTC");

/** A bar per day of the month, drawn on the server (an inline SVG needs no script and passes the CSP). */
export function analystChart(days: AnalystDays): SafeHtml {
  const width = 640;
  const height = 180;
  const left = 32;
  const bottom = 24;
  const top = 10;
  const plotH = height - bottom - top;
  const slot = (width - left - 4) / days.counts.length;
  const max = Math.max(1, ...days.counts);
  const ticks = max <= 4 ? [...Array(max + 1).keys()] : [0, Math.round(max / 2), max];
  const total = days.counts.reduce((a, b) => a + b, 0);
  const y = (n: number) => top + plotH - (n / max) * plotH;
  return html`<figure class="chart">
<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">Analyst requests per day, ${days.period}</title>
<desc id="chart-desc">${total} requests this month so far; the busiest day had ${Math.max(0, ...days.counts)}.</desc>
${ticks.map(
  (t) =>
    html`<line class="axis" x1="${left}" x2="${width - 2}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" ${t === 0 ? "" : html`stroke-dasharray="2 4"`}/><text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${t}</text>`,
)}
${days.counts.map((n, i) => {
  const x = left + i * slot + slot * 0.15;
  const barH = (n / max) * plotH;
  const label =
    (i + 1) % 5 === 0 || i === 0
      ? html`<text x="${(x + slot * 0.35).toFixed(1)}" y="${height - 6}" text-anchor="middle">${i + 1}</text>`
      : "";
  return html`<rect class="bar-fill" x="${x.toFixed(1)}" y="${(top + plotH - barH).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${barH.toFixed(1)}"${i >= days.daysSoFar ? html` opacity="0.3"` : ""}><title>Day ${i + 1}: ${n}</title></rect>${label}`;
})}
</svg>
<figcaption class="hint">Accepted analyst requests per UTC day (refunds for service failures deducted).</figcaption>
</figure>
<details><summary>The figures as a table</summary>
<div class="table-wrap"><table><thead><tr><th scope="col">Day</th><th scope="col">Requests</th></tr></thead>
<tbody>${days.counts.slice(0, days.daysSoFar).map((n, i) => html`<tr><td>${days.period}-${String(i + 1).padStart(2, "0")}</td><td>${n}</td></tr>`)}</tbody></table></div>
</details>`;
}

export function usagePage(view: {
  viewer: Viewer;
  usage: UsageRecord;
  analystEnabled: boolean;
  days: AnalystDays;
}): string {
  const { analyst, search } = view.usage;
  return page(
    { title: "Usage", section: "usage", viewer: view.viewer },
    html`<h1>Usage</h1>
<p class="who">Organisation <strong>${view.viewer.current?.orgName ?? "—"}</strong>: the same figures as <code>GET /v1/usage</code>, for the whole organisation.</p>
${view.usage.limits_enforced ? "" : html`<div class="warning" role="status">Limits are switched off on this server (<code>CRS_LIMITS=off</code>); the figures are still counted.</div>`}
<section class="panel" aria-labelledby="analyst-heading"><h2 id="analyst-heading">Analyst this month (${analyst.monthly.period})</h2>
${view.analystEnabled ? "" : html`<p class="warning">The analyst is not enabled for this organisation.</p>`}
<dl class="figures">
  <dt>Used</dt><dd>${analyst.monthly.used} of ${analyst.monthly.limit} requests</dd>
  <dt>Remaining</dt><dd><strong>${analyst.monthly.remaining}</strong></dd>
  <dt>Renews</dt><dd>${iso(analyst.monthly.reset_at)}</dd>
  <dt>This hour</dt><dd>${analyst.hourly.organisation.used} of ${analyst.hourly.organisation.limit} for the organisation; at most ${analyst.hourly.credential.limit} per key</dd>
  <dt>Running now</dt><dd>${analyst.concurrency.running} of ${analyst.concurrency.limit} at once</dd>
</dl>
${analystChart(view.days)}
</section>
<section class="panel" aria-labelledby="search-heading"><h2 id="search-heading">Search fair use</h2>
<dl class="figures">
  <dt>Today (${search.daily.day})</dt><dd>${search.daily.used} of ${search.daily.limit} content calls; ${search.daily.remaining} left, resets ${iso(search.daily.reset_at)}</dd>
  <dt>Per key</dt><dd>${search.burst.limit} calls per ${search.burst.window_seconds} s, and ${search.per_credential.limit} per ${search.per_credential.window_seconds} s</dd>
  <dt>Per organisation</dt><dd>${search.per_organisation.limit} calls per ${search.per_organisation.window_seconds} s</dd>
</dl>
<p class="hint">There is no monthly search counter: these are protections against scraping, not a billed quota.</p>
</section>`,
  );
}

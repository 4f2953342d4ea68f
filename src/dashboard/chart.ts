/** A small inline SVG bar chart of daily requests (no script, no external library). */
import { html, type Safe } from "./html";
import type { DailyCount } from "../admin/usage";

const W = 560;
const H = 120;
const PAD_BOTTOM = 2;
const PAD_TOP = 4;

export function dailyChart(days: DailyCount[]): Safe {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((a, d) => a + d.count, 0);
  const slot = W / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.7);
  const plot = H - PAD_BOTTOM - PAD_TOP;
  return html`<figure class="chart">
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Requests per day this month: ${total} in total, at most ${max === 1 && total === 0 ? 0 : max} in a day" preserveAspectRatio="none">
      <line x1="0" y1="${H - PAD_BOTTOM}" x2="${W}" y2="${H - PAD_BOTTOM}" class="axis"/>
      ${days.map((d, i) => {
        const h = d.count === 0 ? 0 : Math.max(2, (d.count / max) * plot);
        return html`<rect class="bar" x="${(i * slot + (slot - bar) / 2).toFixed(1)}" y="${(H - PAD_BOTTOM - h).toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}"><title>${d.day}: ${d.count}</title></rect>`;
      })}
    </svg>
    <div class="chart-axis"><span>${days[0]?.day.slice(5) ?? ""}</span><span>busiest day: ${total === 0 ? 0 : max}</span><span>${days.at(-1)?.day.slice(5) ?? ""}</span></div>
    <figcaption>Requests per day this month (UTC), from the chat log</figcaption>
  </figure>`;
}

/** A meter of usage against an allowance. */
export function usageMeter(used: number, allowance: number): Safe {
  const pct = allowance > 0 ? Math.min(100, (used / allowance) * 100) : 100;
  const level = pct >= 100 ? "full" : pct >= 80 ? "high" : "ok";
  return html`<div class="meter ${level}" title="${used} of ${allowance}">
    <meter min="0" max="${Math.max(allowance, 1)}" value="${Math.min(used, Math.max(allowance, 1))}" aria-label="Requests this month"></meter>
    <span>${used.toLocaleString("en")} / ${allowance.toLocaleString("en")}</span>
  </div>`;
}

/**
 * The only module that imports embedded assets: `bun build --compile` bundles these files
 * into the binary, so the shipped executable needs nothing from disk.
 */
import { createHash } from "node:crypto";
// Built by `make assets` from assets/widget/ before the binary is compiled.
import widgetSource from "../dist/assets/widget.js" with { type: "text" };
// Built by scripts/build-tokenizer.ts: the o200k vocabulary for usage counts (src/engine/tokens/vocab.ts).
import o200kPath from "../dist/assets/o200k.bin" with { type: "file" };

export interface Asset {
  body: string;
  etag: string;
}

function asset(body: string): Asset {
  return { body, etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"` };
}

let widget: Asset | null = null;
export function widgetScript(): Asset {
  widget ??= asset(widgetSource);
  return widget;
}

/** The embedded o200k vocabulary file's bytes. */
export async function o200kVocabulary(): Promise<Uint8Array> {
  return new Uint8Array(await Bun.file(o200kPath).arrayBuffer());
}

import demoShipping from "../assets/demo/shipping.md" with { type: "text" };
import demoReturns from "../assets/demo/returns.md" with { type: "text" };
import demoSubscriptions from "../assets/demo/subscriptions.md" with { type: "text" };
import demoBrewing from "../assets/demo/brewing.md" with { type: "text" };

/** The demo agent's sample material (the project's own writing). */
export const DEMO_PAGES: { title: string; text: string }[] = [
  { title: "Shipping", text: demoShipping },
  { title: "Returns and refunds", text: demoReturns },
  { title: "Coffee subscriptions", text: demoSubscriptions },
  { title: "Brewing guide", text: demoBrewing },
];

import dashboardCss from "../assets/dashboard/dashboard.css" with { type: "text" };
import dashboardJs from "../assets/dashboard/dashboard.js" with { type: "text" };

let dashboard: { css: Asset; js: Asset } | null = null;
/** The dashboard's stylesheet and script (vanilla, no build step). */
export function dashboardAssets(): { css: Asset; js: Asset } {
  dashboard ??= { css: asset(dashboardCss), js: asset(dashboardJs) };
  return dashboard;
}

/**
 * Bundles the widget (assets/widget/index.ts) into dist/assets/widget.js, which the binary
 * embeds and serves at GET /v1/widget.js. Prints the raw and gzipped sizes: the budget is
 * 15 KB gzipped (test/widget/bundle.test.ts holds it).
 */
import { mkdirSync, writeFileSync } from "node:fs";

const entry = "assets/widget/index.ts";
const out = "dist/assets/widget.js";

mkdirSync("dist/assets", { recursive: true });
const result = await Bun.build({ entrypoints: [entry], minify: true, target: "browser", format: "iife" });
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const code = await result.outputs[0].text();
writeFileSync(out, code);
console.log(`${out}: ${code.length} bytes, ${Bun.gzipSync(code, { level: 9 }).length} gzipped`);

/** Bundles the widget (assets/widget/) into dist/assets/widget.js, which the binary embeds. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";

mkdirSync("dist/assets", { recursive: true });
const entry = "assets/widget/index.ts";
if (!existsSync(entry)) {
  writeFileSync("dist/assets/widget.js", "/* widget not built */\n");
} else {
  const result = await Bun.build({ entrypoints: [entry], minify: true, target: "browser", format: "iife" });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    process.exit(1);
  }
  writeFileSync("dist/assets/widget.js", await result.outputs[0].text());
}

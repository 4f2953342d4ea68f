/** The widget bundle's size as visitors download it: gzip level 9 of dist/assets/widget.js. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export const WIDGET_BUNDLE = resolve(import.meta.dir, "../../dist/assets/widget.js");

/** Gzipped bytes of the built widget (run `make build` first). */
export function widgetGzipBytes(): number {
  return Bun.gzipSync(readFileSync(WIDGET_BUNDLE), { level: 9 }).length;
}

/** Uncompressed bytes of the built widget. */
export function widgetRawBytes(): number {
  return readFileSync(WIDGET_BUNDLE).length;
}

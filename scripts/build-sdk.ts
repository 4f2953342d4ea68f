/**
 * Builds the SDK (src/sdk/) into dist/sdk/: an ESM bundle (index.js) with its source map,
 * and type declarations (index.d.ts and its siblings) from tsc. The declarations are
 * checked without Bun's or Node's types, so the SDK cannot lean on a runtime's own APIs.
 */
import { rmSync } from "node:fs";

const OUT = "dist/sdk";
rmSync(OUT, { recursive: true, force: true });

const result = await Bun.build({
  entrypoints: ["src/sdk/index.ts"],
  outdir: OUT,
  target: "browser",
  format: "esm",
  sourcemap: "linked",
  minify: false,
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}

const tsc = Bun.spawnSync(
  [
    "node_modules/.bin/tsc",
    "src/sdk/index.ts", "--ignoreConfig",
    "--declaration", "--emitDeclarationOnly",
    "--outDir", OUT, "--rootDir", "src/sdk",
    "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler",
    "--lib", "es2022,dom", "--types", "",
    "--strict", "--skipLibCheck",
  ],
  { stdout: "inherit", stderr: "inherit" },
);
if (tsc.exitCode !== 0) process.exit(tsc.exitCode ?? 1);
console.log(`built ${OUT}/index.js and ${OUT}/index.d.ts`);

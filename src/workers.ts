/**
 * Where a worker's module is. Inside the compiled binary every worker is an entry point of
 * its own (see the Makefile), stored under the binary's root by its path in src/ with a .js
 * extension; run from source, it is the .ts file itself.
 */
export function workerUrl(pathInSrc: string): string {
  if (import.meta.url.startsWith("file:///$bunfs/")) return `/$bunfs/root/${pathInSrc}.js`;
  return new URL(`./${pathInSrc}.ts`, import.meta.url).href;
}

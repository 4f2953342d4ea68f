/** Structured request log: one JSON line per request on stderr, buffered and flushed soon after. */
export interface Logger {
  (line: Record<string, unknown>): void;
  flush(): void;
}

export function stderrLogger(): Logger {
  let buffer: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!buffer.length) return;
    const out = buffer.join("");
    buffer = [];
    process.stderr.write(out);
  };
  const log = ((line: Record<string, unknown>) => {
    buffer.push(JSON.stringify(line) + "\n");
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 50);
    }
  }) as Logger;
  log.flush = flush;
  return log;
}

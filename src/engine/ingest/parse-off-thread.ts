/**
 * Runs one PDF or DOCX parse on a worker thread (parse-worker.ts) and stops the thread
 * when it is done, so the parsers' code and memory are held only while a file is read.
 */
import { workerUrl } from "../../workers";
import type { ParseReply, ParseRequest } from "./parse-worker";

/** A parser stuck on a hostile file is stopped; the file is refused with a clear error. */
const PARSE_TIMEOUT_MS = 60_000;
/**
 * Resident memory a parse may add to the process before its thread is stopped and the file
 * refused. Bun's Worker has no `resourceLimits` (1.4.5 accepts and ignores them:
 * oven-sh/bun#31411), so the process's resident size is watched instead; two parses at
 * once each count the other's growth too. A DOCX within zip-limits.ts needs up to ~1 GiB;
 * what this stops is a PDF whose streams inflate to gigabytes.
 */
const PARSE_MEMORY_BYTES = 1536 * 1024 * 1024;
const MEMORY_CHECK_MS = 100;

/** What one parse may take before it is stopped (tests lower them). */
export interface ParseLimits {
  timeoutMs: number;
  memoryBytes: number;
}

/**
 * Parses running at once in this process (uploads from several dashboard tabs or admin
 * calls): each thread holds pdf.js and its document, so the rest wait their turn.
 */
const PARALLEL_PARSES = 2;

/** A fixed number of slots; a release hands its slot straight to the longest waiter. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(count: number) {
    this.free = count;
  }

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

const slots = new Slots(PARALLEL_PARSES);

export async function parseOffThread(kind: ParseRequest["kind"], bytes: Uint8Array, limits: Partial<ParseLimits> = {}): Promise<string> {
  const release = await slots.acquire();
  try {
    return await parseOnNewThread(kind, bytes, { timeoutMs: PARSE_TIMEOUT_MS, memoryBytes: PARSE_MEMORY_BYTES, ...limits });
  } finally {
    release();
  }
}

function parseOnNewThread(kind: ParseRequest["kind"], bytes: Uint8Array, { timeoutMs, memoryBytes }: ParseLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl("engine/ingest/parse-worker"));
    const finish = (outcome: ParseReply) => {
      clearTimeout(timer);
      clearInterval(watch);
      worker.terminate();
      if ("text" in outcome) resolve(outcome.text);
      else reject(new Error(outcome.error));
    };
    const timer = setTimeout(() => finish({ error: `reading it took longer than ${timeoutMs / 1000} s` }), timeoutMs);
    const startRss = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > memoryBytes) finish({ error: `too large to read (it took more than ${mib(memoryBytes)} of memory)` });
    }, MEMORY_CHECK_MS);
    worker.onmessage = (event: MessageEvent<ParseReply>) => finish(event.data);
    worker.onerror = (event) => finish({ error: event.message || "the parser stopped" });
    // The worker gets its own copy: the caller's bytes may be a view into a larger buffer.
    const request: ParseRequest = { kind, bytes: bytes.slice() };
    worker.postMessage(request, [request.bytes.buffer]);
  });
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

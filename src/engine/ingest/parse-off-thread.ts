/**
 * Runs one PDF or DOCX parse on a worker thread (parse-worker.ts) and stops the thread
 * when it is done, so the parsers' code and memory are held only while a file is read.
 */
import { workerUrl } from "../../workers";
import type { ParseReply, ParseRequest } from "./parse-worker";

/** A parser stuck on a hostile file is stopped; the file is refused with a clear error. */
const PARSE_TIMEOUT_MS = 60_000;
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

export async function parseOffThread(kind: ParseRequest["kind"], bytes: Uint8Array, timeoutMs = PARSE_TIMEOUT_MS): Promise<string> {
  const release = await slots.acquire();
  try {
    return await parseOnNewThread(kind, bytes, timeoutMs);
  } finally {
    release();
  }
}

function parseOnNewThread(kind: ParseRequest["kind"], bytes: Uint8Array, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl("engine/ingest/parse-worker"));
    const finish = (outcome: ParseReply) => {
      clearTimeout(timer);
      worker.terminate();
      if ("text" in outcome) resolve(outcome.text);
      else reject(new Error(outcome.error));
    };
    const timer = setTimeout(() => finish({ error: `reading it took longer than ${timeoutMs / 1000} s` }), timeoutMs);
    worker.onmessage = (event: MessageEvent<ParseReply>) => finish(event.data);
    worker.onerror = (event) => finish({ error: event.message || "the parser stopped" });
    // The worker gets its own copy: the caller's bytes may be a view into a larger buffer.
    const request: ParseRequest = { kind, bytes: bytes.slice() };
    worker.postMessage(request, [request.bytes.buffer]);
  });
}

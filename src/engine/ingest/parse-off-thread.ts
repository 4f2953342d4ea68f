/**
 * Runs one PDF or DOCX parse on a worker thread (parse-worker.ts) and stops the thread
 * when it is done, so the parsers' code and memory are held only while a file is read.
 */
import { workerUrl } from "../../workers";
import type { ParseReply, ParseRequest } from "./parse-worker";

/** A parser stuck on a hostile file is stopped; the file is refused with a clear error. */
const PARSE_TIMEOUT_MS = 60_000;

export function parseOffThread(kind: ParseRequest["kind"], bytes: Uint8Array, timeoutMs = PARSE_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl("engine/ingest/parse-worker"));
    const finish = (outcome: { text: string } | { error: string }) => {
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

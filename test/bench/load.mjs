/**
 * The load generator, run by Node in its own process so it never shares an event loop with
 * the server under test: `node test/bench/load.mjs CONFIG.json` prints one JSON result.
 *
 * autocannon's own latency histogram keeps whole milliseconds; sub-millisecond answers need
 * better, so every response time (a float from process.hrtime) is recorded here as well.
 *
 * CONFIG: { url, connections, seconds, headers, bodies: string[], start } — bodies are sent
 * in order from `start`, cycling, one per request (a single body repeats the same request).
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bodies = config.bodies;
let next = config.start ?? 0;

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const times = [];
const instance = autocannon(
  {
    url: config.url,
    connections: config.connections,
    duration: config.seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: "/v1/chat/completions",
        headers: { "content-type": "application/json", ...config.headers },
        setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
      },
    ],
  },
  (err, result) => {
    if (err) {
      process.stderr.write(String(err.stack ?? err) + "\n");
      process.exit(1);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / (times.length || 1);
    process.stdout.write(
      JSON.stringify({
        connections: config.connections,
        seconds: result.duration,
        requests: times.length,
        rps: times.length / result.duration,
        p50: percentile(times, 50),
        p90: percentile(times, 90),
        p99: percentile(times, 99),
        max: times[times.length - 1] ?? NaN,
        mean,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      }) + "\n",
    );
  },
);
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
});

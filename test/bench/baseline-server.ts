/**
 * The baseline: a bare Bun.serve that does the least any JSON endpoint must do — read and
 * parse the same request body — and answers a fixed body of the same size as Zenith's
 * answer. `bun test/bench/baseline-server.ts BYTES` prints {"listening":URL} on its first line.
 */
const size = Number(process.argv[2] ?? 300);
const prefix = '{"object":"chat.completion","pad":"';
const suffix = '"}';
const body = prefix + "x".repeat(Math.max(0, size - prefix.length - suffix.length)) + suffix;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  development: false,
  async fetch(request) {
    const parsed = (await request.json()) as { messages?: unknown[] };
    if (!Array.isArray(parsed.messages)) return new Response("bad", { status: 400 });
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
});
process.stdout.write(JSON.stringify({ listening: `http://127.0.0.1:${server.port}` }) + "\n");
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});

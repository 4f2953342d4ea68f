/**
 * The bundle outside Bun: Node and Deno import dist/sdk/index.js and talk to the binary; and the
 * declarations type-check a consumer's code with no runtime's types loaded.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { seedWithCli, startServer, type Server } from "../support/binary";
import { tempDir } from "../support/tmp";
import { SDK_BUNDLE } from "./support";

let server: Server;
let seed: ReturnType<typeof seedWithCli>;
beforeAll(async () => {
  server = await startServer();
  seed = seedWithCli(server.db);
});
afterAll(() => server?.stop());

const NODE_SCRIPT = `
const { Zenith, PermissionDeniedError } = await import(process.env.SDK);
const client = new Zenith({ apiKey: process.env.KEY, baseURL: process.env.API });
const models = await client.models.list();
const answer = await client.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Hello?" }] });
const pk = new Zenith({ apiKey: "svc_pk_" + "0".repeat(32), baseURL: process.env.API });
const refused = await pk.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Hi" }] }).catch((e) => e);
console.log(JSON.stringify({ model: models.data[0].id, object: answer.object, requestId: answer._request_id, refused: refused instanceof PermissionDeniedError }));
`;

test("Node runs the bundle against the binary", () => {
  const proc = Bun.spawnSync(["node", "--input-type=module", "-e", NODE_SCRIPT], {
    env: { ...process.env, SDK: pathToFileURL(SDK_BUNDLE).href, KEY: seed.key, API: server.url },
    stdout: "pipe",
    stderr: "pipe",
  });
  const stderr = proc.stderr.toString();
  expect(stderr).toBe("");
  const out = JSON.parse(proc.stdout.toString());
  expect(out).toEqual({ model: "service-zenith", object: "chat.completion", requestId: expect.stringMatching(/^req_/), refused: true });
  expect(proc.exitCode).toBe(0);
});

test("Deno runs the bundle against the binary", () => {
  const dir = tempDir("zenith-sdk-deno-");
  const script = join(dir, "main.mjs");
  writeFileSync(script, NODE_SCRIPT.replaceAll("process.env.", "Deno.env.get(").replace(/Deno\.env\.get\((\w+)/g, 'Deno.env.get("$1")'));
  const proc = Bun.spawnSync([resolve(import.meta.dir, "../../node_modules/.bin/deno"), "run", "--no-prompt", "--allow-env", "--allow-net=127.0.0.1", "--allow-read", script], {
    env: { ...process.env, DENO_DIR: join(dir, "cache"), NO_COLOR: "1", SDK: pathToFileURL(SDK_BUNDLE).href, KEY: seed.key, API: server.url },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(proc.stderr.toString()).toBe("");
  const out = JSON.parse(proc.stdout.toString());
  expect(out).toEqual({ model: "service-zenith", object: "chat.completion", requestId: expect.stringMatching(/^req_/), refused: true });
  expect(proc.exitCode).toBe(0);
});

const CONSUMER = (sdk: string) => `
import Zenith, { MODEL_ID, RateLimitError, type ChatCompletion } from ${JSON.stringify(sdk)};

export async function ask(question: string): Promise<string> {
  const client = new Zenith({ apiKey: "svc_sk_…", baseURL: "https://answers.example.com", maxRetries: 3 });
  const answer = await client.chat.completions.create(
    { model: MODEL_ID, messages: [{ role: "user", content: question }], session_id: "s1" },
    { signal: AbortSignal.timeout(5000) },
  );
  // @ts-expect-error: the only model id is service-zenith
  await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: question }] });
  // @ts-expect-error: system messages do not exist
  await client.chat.completions.create({ model: MODEL_ID, messages: [{ role: "system", content: question }] });
  // @ts-expect-error: streaming does not exist
  await client.chat.completions.create({ model: MODEL_ID, messages: [{ role: "user", content: question }], stream: true });
  try {
    await client.models.list();
  } catch (err) {
    if (err instanceof RateLimitError) return String(err.retryAfter) + err.code + err.requestId;
  }
  const plain: ChatCompletion = answer;
  return plain.choices[0].message.content + answer._request_id;
}
`;

test("the declarations type-check a consumer with no runtime types", () => {
  const dir = tempDir("zenith-sdk-consumer-");
  const file = join(dir, "consumer.ts");
  writeFileSync(file, CONSUMER(resolve(SDK_BUNDLE)));
  const proc = Bun.spawnSync(
    [resolve(import.meta.dir, "../../node_modules/.bin/tsc"), "--ignoreConfig", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", "--lib", "es2022,dom", "--types", "", file],
    { stdout: "pipe", stderr: "pipe" },
  );
  expect(proc.stdout.toString() + proc.stderr.toString()).toBe("");
  expect(proc.exitCode).toBe(0);
});

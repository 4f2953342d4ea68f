/**
 * A read-only disk. Linux refuses to remount a file system read-only while a process holds
 * a file on it open for writing (EBUSY), so a running server only ever meets a read-only
 * disk as failing writes — what disk-full.test.ts makes with prlimit (SQLite sees the same
 * failed write). What remains is a store whose file system is read-only when Zenith starts
 * or when an operator command runs: both must fail in one clear line, and both work again
 * once the file system is writable.
 *
 * Needs permission to mount a tmpfs (root in the CI machine); skipped, and said so, without.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { chat, MATERIAL, TIMEOUT_MS } from "./support";
import { seedWithCli, startServer, zenith, zenithJson } from "../support/binary";
import { tempDir } from "../support/tmp";

const mountPoint = tempDir("zenith-ro-");
const mount = (...args: string[]) => Bun.spawnSync(["mount", ...args], { stderr: "pipe" }).exitCode === 0;
const mounted = mount("-t", "tmpfs", "-o", "size=64m", "tmpfs", mountPoint);
if (!mounted) console.warn("read-only.test.ts: cannot mount a tmpfs here (needs root); the read-only disk test is skipped");

afterAll(() => {
  if (mounted) Bun.spawnSync(["umount", mountPoint]);
});

test.skipIf(!mounted)("a read-only store refuses to start and to change in one line, and works again once writable", async () => {
  const db = join(mountPoint, "zenith.db");
  const seed = seedWithCli(db);
  zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", MATERIAL, "--title", "Help"]);
  expect(mount("-o", "remount,ro", mountPoint)).toBe(true);

  const serve = zenith(db, ["serve", "--port", "0", "--admin-port", "0"]);
  expect(serve.code).not.toBe(0);
  expect(serve.stderr.trim().split("\n")).toHaveLength(1);
  expect(serve.stderr).toContain("cannot open store");

  const write = zenith(db, ["key", "create", "--agent", seed.agent]);
  expect(write.code).not.toBe(0);
  expect(write.stderr.trim().split("\n")).toHaveLength(1);

  expect(mount("-o", "remount,rw", mountPoint)).toBe(true);
  const server = await startServer({ db });
  try {
    const res = await chat(server.url, seed.key, "When do orders ship?");
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).choices[0].message.content).toContain("two business days");
  } finally {
    await server.stop();
  }
}, TIMEOUT_MS);

/** Every operator command through the built binary: results, --json shape, and failures. */
import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, zenith, zenithJson, seedWithCli } from "../support/binary";
import { tempDb, tempDir } from "../support/tmp";

const ID = /^[a-z]+_[0-9a-f]{16}$/;

describe("zenith --help / --version", () => {
  test("help lists every command of the operator contract", () => {
    const r = zenith(tempDb(), ["--help"]);
    expect(r.code).toBe(0);
    for (const c of ["serve", "account create", "account update", "agent create", "agent update", "agent deactivate", "key create", "key rotate", "key revoke", "install create", "install rotate", "install revoke", "material add", "material list", "material remove", "log", "backup"])
      expect(r.stdout).toContain(`zenith ${c}`);
  });
  test("version", () => {
    const r = zenith(tempDb(), ["--version"]);
    expect(r.stdout).toMatch(/^zenith \d+\.\d+\.\d+/);
    expect(r.code).toBe(0);
  });
  test("an unknown command is one line on stderr and a non-zero exit", () => {
    const r = zenith(tempDb(), ["frobnicate"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("unknown command");
  });
});

describe("account", () => {
  test("create and update with --json", () => {
    const db = tempDb();
    const { id } = zenithJson(db, ["account", "create", "--name", "Acme", "--rpm", "5", "--monthly", "100"]);
    expect(id).toMatch(ID);
    expect(zenithJson(db, ["account", "update", id, "--rpm", "7", "--subscription", "past_due"])).toEqual({ id });
  });
  test.each([
    [["account", "create"], "--name is required"],
    [["account", "create", "--name", "A", "--rpm", "0"], "--rpm must be a whole number"],
    [["account", "create", "--name", "A", "--rpm", "ten"], "--rpm must be a whole number"],
    [["account", "create", "--name", "A", "--rpm", "99999999999"], "--rpm must be a whole number from 1 to 1,000,000,000"],
    [["account", "create", "--name", "A", "--monthly", "-1"], "--monthly"],
    [["account", "create", "--name", "A", "--colour", "red"], "Unknown option '--colour'"],
    [["account", "create", "--name", "A", "--rpm", "-5"], '--rpm needs a value (one that starts with "-" is written --rpm=VALUE)'],
    [["account", "create", "--name", "A", "--rpm=-5"], "--rpm must be a whole number"],
    [["account", "create", "--name"], "--name needs a value"],
    [["account", "create", "--name", "A", "--name", "B"], "--name is given more than once (one value per command)"],
    [["account", "update", "acct_0000000000000000", "--rpm", "3"], "unknown account"],
    [["account", "update", "x", "--subscription", "cancelled"], "--subscription must be one of"],
    [["account", "delete", "x"], "unknown account command"],
  ])("refuses %j", (args, message) => {
    const r = zenith(tempDb(), args as string[]);
    expect(r.stderr).toContain(message as string);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toContain("    at ");
    expect(r.code).not.toBe(0);
  });
});

describe("agent", () => {
  test("create, update cosmetics, deactivate, activate, delete", () => {
    const db = tempDb();
    const account = zenithJson(db, ["account", "create", "--name", "Acme"]).id;
    const { id } = zenithJson(db, ["agent", "create", "--account", account, "--name", "Help", "--persona", "Kind", "--instructions", "Be brief"]);
    expect(id).toMatch(ID);
    expect(zenithJson(db, ["agent", "update", id, "--accent-color", "#112233", "--welcome", "Hello"])).toEqual({ id });
    expect(zenithJson(db, ["agent", "deactivate", id])).toEqual({ id });
    expect(zenithJson(db, ["agent", "activate", id])).toEqual({ id });
    expect(zenithJson(db, ["agent", "delete", id])).toEqual({ id });
    const again = zenith(db, ["agent", "activate", id]);
    expect(again.stderr).toContain("unknown agent");
    expect(again.code).not.toBe(0);
  });
  test.each([
    [["agent", "create", "--name", "x"], "--account is required"],
    [["agent", "create", "--account", "acct_0000000000000000", "--name", "x"], "unknown account"],
    [["agent", "update", "agt_0000000000000000", "--name", "y"], "unknown agent"],
    [["agent", "update", "agt_0000000000000000", "--accent-color", "blue"], "--accent-color must look like #RRGGBB"],
    [["agent", "delete"], "missing agent id"],
  ])("refuses %j", (args, message) => {
    const r = zenith(tempDb(), args as string[]);
    expect(r.stderr).toContain(message as string);
    expect(r.code).not.toBe(0);
  });
});

describe("keys", () => {
  test("a secret key is shown once, stored only as a hash, and rotates to a new value", () => {
    const db = tempDb();
    const { agent, keyId, key } = seedWithCli(db);
    expect(key).toMatch(/^svc_sk_[0-9a-f]{32}$/);
    const rotated = zenithJson(db, ["key", "rotate", keyId]);
    expect(rotated.key).toMatch(/^svc_sk_[0-9a-f]{32}$/);
    expect(rotated.key).not.toBe(key);
    expect(rotated.id).not.toBe(keyId);
    // The old id is revoked now: it cannot be rotated again.
    const again = zenith(db, ["key", "rotate", keyId]);
    expect(again.stderr).toContain("revoked");
    expect(again.code).not.toBe(0);
    // The store never holds the secret value.
    const file = Bun.spawnSync(["grep", "-c", rotated.key.slice(7), db]).stdout.toString().trim();
    expect(file).toBe("0");
    expect(agent).toMatch(ID);
  });
  test("revoke is final", () => {
    const db = tempDb();
    const { keyId } = seedWithCli(db);
    expect(zenithJson(db, ["key", "revoke", keyId])).toEqual({ id: keyId });
    expect(zenith(db, ["key", "revoke", keyId]).code).not.toBe(0);
    const rot = zenith(db, ["key", "rotate", keyId]);
    expect(rot.stderr).toContain("cannot be rotated");
    expect(rot.code).not.toBe(0);
  });
  test.each([
    [["key", "create"], "--agent is required"],
    [["key", "create", "--agent", "agt_0000000000000000"], "unknown agent"],
    [["key", "rotate", "key_0000000000000000"], "unknown key"],
    [["key", "revoke"], "missing key id"],
  ])("refuses %j", (args, message) => {
    const r = zenith(tempDb(), args as string[]);
    expect(r.stderr).toContain(message as string);
    expect(r.code).not.toBe(0);
  });
});

describe("installations", () => {
  test("create, rotate, revoke with snippet and publishable key", () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const inst = zenithJson(db, ["install", "create", "--agent", agent, "--origin", "https://shop.example.com", "--origin", "https://*.example.org"], { ZENITH_PUBLIC_URL: "https://chat.example.net" });
    expect(inst.id).toMatch(ID);
    expect(inst.publishable_key).toMatch(/^svc_pk_[0-9a-f]{32}$/);
    expect(inst.snippet).toBe(`<script src="https://chat.example.net/v1/widget.js" data-key="${inst.publishable_key}" async></script>`);
    const rotated = zenithJson(db, ["install", "rotate", inst.id], { ZENITH_PUBLIC_URL: "", ZENITH_PORT: "9090" });
    expect(rotated.id).toBe(inst.id);
    // Without ZENITH_PUBLIC_URL, the snippet points where the server is told to listen.
    expect(rotated.snippet).toContain(`src="http://localhost:9090/v1/widget.js"`);
    expect(rotated.publishable_key).not.toBe(inst.publishable_key);
    expect(zenithJson(db, ["install", "revoke", inst.id])).toEqual({ id: inst.id });
    expect(zenith(db, ["install", "rotate", inst.id]).stderr).toContain("cannot be rotated");
  });
  test.each([
    [["--origin", "example.com"], "invalid origin"],
    [["--origin", "ftp://example.com"], "invalid origin"],
    [["--origin", "https://example.com/path"], "invalid origin"],
    [[], "at least one --origin"],
  ])("refuses origins %j", (extra, message) => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const r = zenith(db, ["install", "create", "--agent", agent, ...(extra as string[])]);
    expect(r.stderr).toContain(message as string);
    expect(r.code).not.toBe(0);
  });
});

describe("material and log", () => {
  test("add text, a Q&A pair and a file; list; remove", () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const text = zenithJson(db, ["material", "add", "--agent", agent, "--text", "Our store opens at 9 am.", "--title", "Hours"]);
    const qa = zenithJson(db, ["material", "add", "--agent", agent, "--qa", "Do you sell gift cards?", "Yes, from $10 to $200."]);
    const file = join(tempDir(), "faq.md");
    writeFileSync(file, "# Parking\n\nParking is free behind the store.\n");
    const fromFile = zenithJson(db, ["material", "add", "--agent", agent, file]);
    const ids = [...text.ids, ...qa.ids, ...fromFile.ids];
    expect(ids).toHaveLength(3);
    const listed = zenithJson(db, ["material", "list", "--agent", agent]).material;
    expect(listed.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
    // Re-adding unchanged material is a no-op.
    expect(zenithJson(db, ["material", "add", "--agent", agent, file]).ids).toEqual(fromFile.ids);
    expect(zenithJson(db, ["material", "remove", ids[0]])).toEqual({ id: ids[0] });
    expect(zenithJson(db, ["material", "list", "--agent", agent]).material).toHaveLength(2);
    expect(zenith(db, ["material", "remove", ids[0]]).stderr).toContain("unknown material");
  });
  test.each([
    [["material", "add", "--agent", "agt_0000000000000000", "--text", "x"], "unknown agent"],
    [["material", "add", "--text", "x"], "--agent is required"],
    [["material", "add", "--agent", "a", "--text", "a", "--text", "b"], "--text is given more than once"],
    [["material", "add", "--agent", "a", "--url", "http://a.example/", "--url=http://b.example/"], "--url is given more than once"],
    [["material", "list", "--agent", "agt_0000000000000000"], "unknown agent"],
    [["material", "add", "--agent", "a", "/nonexistent/file.md"], "cannot read"],
    [["log", "--agent", "agt_0000000000000000"], "unknown agent"],
  ])("refuses %j", (args, message) => {
    const r = zenith(tempDb(), args as string[]);
    expect(r.stderr).toContain(message as string);
    expect(r.code).not.toBe(0);
  });
  test("files of the same name from two folders are two materials, listed by their paths", () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const dir = tempDir();
    const paths = ["en", "fr"].map((lang) => {
      mkdirSync(join(dir, lang));
      writeFileSync(join(dir, lang, "index.md"), `# Opening hours\n\nThe ${lang} cafe opens at 7am.\n`);
      return join(dir, lang, "index.md");
    });
    for (const path of paths) zenithJson(db, ["material", "add", "--agent", agent, path]);
    expect(zenithJson(db, ["material", "list", "--agent", agent]).material.map((m: { source: string }) => m.source).sort()).toEqual(paths);
  });
  test("output larger than a pipe holds reaches a slow reader whole", () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const file = join(tempDir(), "pairs.csv");
    writeFileSync(file, `question,answer\n${Array.from({ length: 3000 }, (_, i) => `Question number ${i}?,Answer number ${i} is written out at some length.`).join("\n")}\n`);
    zenithJson(db, ["material", "add", "--agent", agent, file]);
    // The reader sleeps first, so the 64 KiB pipe fills before anything is read.
    const piped = Bun.spawnSync(["sh", "-c", `"$0" material list --agent "$1" --db "$2" --json | (sleep 0.3; cat); exit "\${PIPESTATUS:-0}"`, BINARY, agent, db], { stdout: "pipe", stderr: "pipe" });
    const out = piped.stdout.toString();
    expect(out.length).toBeGreaterThan(128 * 1024);
    expect(JSON.parse(out).material).toHaveLength(3000);
  });
  test("log of a fresh agent is empty", () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    expect(zenithJson(db, ["log", "--agent", agent])).toEqual({ sessions: [] });
  });
});

test("a command that fails on a path with no store leaves no store behind; reset-password and backup refuse it", () => {
  const dir = tempDir();
  const typo = join(dir, "typo.db");
  expect(zenith(typo, ["log", "--agent", "agt_0000000000000000"]).stderr).toContain("unknown agent");
  expect(readdirSync(dir)).toEqual([]);
  for (const args of [["admin", "reset-password"], ["backup", "--out", join(dir, "copy.db")]]) {
    const r = zenith(typo, args);
    expect(r.stderr).toBe(`Error: no store at ${typo} (check --db or ZENITH_DB)\n`);
    expect(r.code).not.toBe(0);
  }
  expect(readdirSync(dir)).toEqual([]);
  // Creating an account is how a store starts: that one is kept.
  zenithJson(typo, ["account", "create", "--name", "First"]);
  expect(readdirSync(dir)).toContain("typo.db");
});

test("without --json, output is readable lines", () => {
  const r = zenith(tempDb(), ["account", "create", "--name", "Plain"]);
  expect(r.stdout).toMatch(/^id: acct_[0-9a-f]{16}\n$/);
  expect(r.code).toBe(0);
});

test("a store path that cannot be opened is a one-line error", () => {
  const r = zenith("/nonexistent-dir/zenith.db", ["account", "create", "--name", "x"]);
  expect(r.stderr).toContain("cannot open store");
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.code).not.toBe(0);
});

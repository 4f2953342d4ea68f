/** Ingestion in-process: no-op re-adds, replacement, removal, statistics, all-or-nothing, errors. */
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { ingest, listMaterial, removeMaterial } from "../../src/engine";
import { migrate, openStore } from "../../src/store/db";
import { MIGRATIONS } from "../../src/store/migrations";
import { MAX_FILE_BYTES } from "../../src/engine/ingest/document";
import { tempDb, tempDir } from "../support/tmp";
import { engineStore, SHIPPING_MD } from "./engine-fixture";

const count = (store: ReturnType<typeof engineStore>["store"], sql: string) => (store.sqlite.query(sql).get() as { n: number }).n;

describe("ingest", () => {
  test("re-adding unchanged material is a no-op with the same id", async () => {
    const { store, agent } = engineStore();
    const first = await ingest(store, agent.id, { kind: "text", text: SHIPPING_MD, source: "shipping.md" });
    const passages = count(store, "SELECT count(*) AS n FROM passages");
    const again = await ingest(store, agent.id, { kind: "text", text: SHIPPING_MD, source: "shipping.md" });
    expect(again.ids).toEqual(first.ids);
    expect(count(store, "SELECT count(*) AS n FROM passages")).toBe(passages);
    expect(listMaterial(store, agent.id)).toHaveLength(1);
  });

  test("a source added again with new content replaces the old version", async () => {
    const { store, agent } = engineStore();
    await ingest(store, agent.id, { kind: "text", text: "# Hours\n\nWe open at 9.", source: "hours.md" });
    await ingest(store, agent.id, { kind: "text", text: "# Hours\n\nWe open at 10.", source: "hours.md" });
    const list = listMaterial(store, agent.id);
    expect(list).toHaveLength(1);
    expect(store.sqlite.query("SELECT body FROM passages").all()).toEqual([{ body: "We open at 10." }]);
  });

  test("files of the same name in different folders are two materials; each replaces only itself", async () => {
    const { store, agent } = engineStore();
    const dir = tempDir();
    const [en, fr] = ["en", "fr"].map((lang) => join(dir, lang, "index.md"));
    for (const [path, city] of [[en, "Boston"], [fr, "Paris"]]) {
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, `# Opening hours\n\nThe ${city} cafe opens at 7am.\n`);
    }
    await ingest(store, agent.id, { kind: "file", path: en });
    await ingest(store, agent.id, { kind: "file", path: fr });
    expect(listMaterial(store, agent.id).map((m) => m.source).sort()).toEqual([en, fr]);
    writeFileSync(en, "# Opening hours\n\nThe Boston cafe opens at 8am.\n");
    await ingest(store, agent.id, { kind: "file", path: en });
    const bodies = (store.sqlite.query("SELECT body FROM passages ORDER BY body").all() as { body: string }[]).map((r) => r.body);
    expect(bodies).toEqual(["The Boston cafe opens at 8am.", "The Paris cafe opens at 7am."]);
  });

  test("a file added by path replaces what an older build stored under its bare name", async () => {
    const { store, agent } = engineStore();
    await ingest(store, agent.id, { kind: "text", text: "# Hours\n\nWe open at 9.", source: "hours.md" });
    const path = join(tempDir(), "hours.md");
    writeFileSync(path, "# Hours\n\nWe open at 10.\n");
    await ingest(store, agent.id, { kind: "file", path });
    expect(listMaterial(store, agent.id).map((m) => m.source)).toEqual([path]);
  });

  test("removing material removes its passages, index entries and statistics", async () => {
    const { store, agent } = engineStore();
    const { ids } = await ingest(store, agent.id, { kind: "text", text: SHIPPING_MD, title: "Shipping" });
    expect(count(store, "SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH 'canada'")).toBe(1);
    expect(count(store, "SELECT passages AS n FROM engine_agents")).toBe(4);
    removeMaterial(store, ids[0]);
    expect(count(store, "SELECT count(*) AS n FROM passages")).toBe(0);
    expect(count(store, "SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH 'canada'")).toBe(0);
    expect(count(store, "SELECT count(*) AS n FROM engine_terms")).toBe(0);
    expect(count(store, "SELECT passages AS n FROM engine_agents")).toBe(0);
  });

  test("statistics count each stem once per passage, title included", async () => {
    const { store, agent } = engineStore();
    await ingest(store, agent.id, { kind: "text", text: "# Shipping costs\n\nShipping is free. Shipping is fast.", title: "Help" });
    const row = store.sqlite.query("SELECT df FROM engine_terms WHERE term = 'ship'").get() as { df: number };
    expect(row.df).toBe(1);
  });

  test("several inputs are all-or-nothing: one bad file adds nothing", async () => {
    const { store, agent } = engineStore();
    const dir = tempDir();
    writeFileSync(join(dir, "good.md"), "# Fine\n\nThis is fine.");
    writeFileSync(join(dir, "bad.json"), "{ not json");
    await expect(ingest(store, agent.id, [{ kind: "file", path: join(dir, "good.md") }, { kind: "file", path: join(dir, "bad.json") }])).rejects.toThrow(/bad\.json is not valid JSON/);
    expect(listMaterial(store, agent.id)).toHaveLength(0);
  });

  test("clear errors for empty, unsupported, unreadable, oversized and malformed input", async () => {
    const { store, agent } = engineStore();
    const dir = tempDir();
    const file = (name: string, body: string | Uint8Array) => (writeFileSync(join(dir, name), body), join(dir, name));
    const add = (path: string) => ingest(store, agent.id, { kind: "file", path });
    await expect(add(file("empty.md", ""))).rejects.toThrow("empty.md is empty");
    await expect(add(file("blank.txt", "  \n\n "))).rejects.toThrow(/blank\.txt has no text/);
    await expect(add(file("deck.pptx", "x"))).rejects.toThrow(/unsupported file type: \/.*\/deck\.pptx/);
    await expect(add(join(dir, "missing.md"))).rejects.toThrow(/cannot read .*missing\.md: no such file \(ENOENT\)/);
    await expect(add(file("broken.pdf", "%PDF-1.4 nonsense"))).rejects.toThrow(/cannot read \/.*\/broken\.pdf as PDF/);
    await expect(add(file("broken.docx", "PK not a zip"))).rejects.toThrow(/cannot read \/.*\/broken\.docx as DOCX/);
    await expect(add(file("pairs.csv", "title,body\nx,y"))).rejects.toThrow(/"question" and "answer" columns/);
    await expect(add(file("pairs.json", '[{"question":"Hi?"}]'))).rejects.toThrow(/entry 1 needs a non-empty "question" and "answer"/);
    const big = file("big.txt", "");
    truncateSync(big, MAX_FILE_BYTES + 1);
    await expect(add(big)).rejects.toThrow(/big\.txt is too large/);
    await expect(ingest(store, agent.id, { kind: "qa", question: " ", answer: "x" })).rejects.toThrow(/non-empty question and answer/);
    expect(listMaterial(store, agent.id)).toHaveLength(0);
  });

  test("CSV and JSON files add one pair per row", async () => {
    const { store, agent } = engineStore();
    const dir = tempDir();
    writeFileSync(join(dir, "faq.csv"), 'Question,Answer\n"Do you gift wrap?","Yes, for $4."\nCan I call you?,"Yes, on 555-0199."\n');
    writeFileSync(join(dir, "faq.json"), JSON.stringify([{ question: "Open on Sunday?", answer: "No." }, { q: "How many stores are there?", a: 42 }]));
    const { ids } = await ingest(store, agent.id, [{ kind: "file", path: join(dir, "faq.csv") }, { kind: "file", path: join(dir, "faq.json") }]);
    expect(ids).toHaveLength(4);
    expect(listMaterial(store, agent.id).map((m) => m.kind)).toEqual(["qa", "qa", "qa", "qa"]);
    expect(store.sqlite.query("SELECT body FROM passages WHERE title = 'How many stores are there?'").get()).toEqual({ body: "42" });
  });
});

describe("migration 0002", () => {
  test("a store written by the previous build gets its statistics backfilled", () => {
    const path = tempDb();
    const old = new Database(path, { create: true });
    old.run("PRAGMA foreign_keys = ON");
    migrate(old, MIGRATIONS.slice(0, 1));
    old.run("INSERT INTO accounts (id, name, rpm, monthly, created_at) VALUES ('acc', 'A', 1, 1, 0)");
    old.run("INSERT INTO agents (id, account_id, name, created_at) VALUES ('agt', 'acc', 'Help', 0)");
    old.run("INSERT INTO material (id, agent_id, kind, title, content_hash, chars, created_at) VALUES ('mat', 'agt', 'text', 'Shipping', 'h', 10, 0)");
    old.run("INSERT INTO passages (material_id, agent_id, position, title, body) VALUES ('mat', 'agt', 0, 'Shipping', 'Parcels ship daily. Shipping is free.')");
    old.run("INSERT INTO passages (material_id, agent_id, position, title, body) VALUES ('mat', 'agt', 1, 'Returns', 'Returns are free.')");
    old.close();
    const store = openStore(path);
    expect(store.sqlite.query("SELECT df FROM engine_terms WHERE agent_id = 'agt' AND term = 'ship'").get()).toEqual({ df: 1 });
    expect(store.sqlite.query("SELECT df FROM engine_terms WHERE agent_id = 'agt' AND term = 'free'").get()).toEqual({ df: 2 });
    expect(store.sqlite.query("SELECT passages FROM engine_agents WHERE agent_id = 'agt'").get()).toEqual({ passages: 2 });
    store.close();
  });
});

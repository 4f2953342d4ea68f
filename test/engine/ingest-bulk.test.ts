/**
 * Bulk writes: passages go in as multi-row inserts and the statistics are summed over a whole
 * write, so these check both against a passage-by-passage recount after adds, a replacement
 * within one write and a removal.
 */
import { describe, expect, test } from "bun:test";
import { ingest, removeMaterial } from "../../src/engine";
import { writeDocs } from "../../src/engine/ingest/write";
import { makeDoc } from "../../src/engine/ingest/document";
import { stems } from "../../src/engine/text/terms";
import { engineStore } from "./engine-fixture";

type Fixture = ReturnType<typeof engineStore>;

/** A Markdown document of `n` sections, each its own passage (a heading flushes the last). */
function manySections(n: number, seed: string): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++)
    parts.push(`## ${seed} topic ${i % 17}\n\nThe order${i % 13} ships by e-mail to café ${seed}${i % 29}. Running, runs and ran ${i}.`);
  return parts.join("\n\n");
}

/** What the statistics must hold: every stored passage recounted one by one. */
function recount({ store, agent }: Fixture) {
  const df: Record<string, number> = {};
  const rows = store.sqlite.query<{ title: string; body: string }, [string]>("SELECT title, body FROM passages WHERE agent_id = ?").all(agent.id);
  for (const r of rows) for (const s of new Set(stems(`${r.title}\n${r.body}`))) df[s] = (df[s] ?? 0) + 1;
  return { df, passages: rows.length };
}

function stored({ store, agent }: Fixture) {
  const df: Record<string, number> = {};
  for (const r of store.sqlite.query<{ term: string; df: number }, [string]>("SELECT term, df FROM engine_terms WHERE agent_id = ?").all(agent.id)) df[r.term] = r.df;
  const passages = store.sqlite.query<{ passages: number }, [string]>("SELECT passages FROM engine_agents WHERE agent_id = ?").get(agent.id)?.passages ?? 0;
  return { df, passages };
}

function expectConsistent(f: Fixture) {
  expect(stored(f)).toEqual(recount(f));
  // Positions follow insertion order within each document, whatever the batch boundaries.
  const rows = f.store.sqlite.query<{ material_id: string; position: number }, []>("SELECT material_id, position FROM passages ORDER BY id").all();
  const next: Record<string, number> = {};
  for (const r of rows) {
    expect(r.position).toBe(next[r.material_id] ?? 0);
    next[r.material_id] = r.position + 1;
  }
  f.store.sqlite.run("INSERT INTO passages_fts(passages_fts) VALUES ('integrity-check')");
}

describe("bulk ingestion", () => {
  test("statistics and positions stay exact across batches, replacement and removal", async () => {
    const f = engineStore();
    const { store, agent } = f;
    const big = manySections(700, "alpha");
    const first = await ingest(store, agent.id, [
      { kind: "text", text: big, title: "Big", source: "big.md" },
      { kind: "text", text: manySections(5, "beta"), title: "Small", source: "small.md" },
      { kind: "qa", question: "Do you ship to Canada?", answer: "Yes, in 5 to 8 days." },
    ]);
    expect(store.sqlite.query("SELECT count(*) AS n FROM passages WHERE material_id = ?").get(first.ids[0])).toEqual({ n: 700 });
    expectConsistent(f);

    // One write that replaces the big document and adds another: removals and additions net out.
    await ingest(store, agent.id, [
      { kind: "text", text: manySections(650, "gamma"), title: "Big", source: "big.md" },
      { kind: "text", text: manySections(320, "delta"), title: "Other", source: "other.md" },
    ]);
    expect(store.sqlite.query("SELECT count(*) AS n FROM material WHERE id = ?").get(first.ids[0])).toEqual({ n: 0 });
    expect(stored(f).df["alpha0"]).toBeUndefined();
    expectConsistent(f);

    removeMaterial(store, first.ids[1]);
    expectConsistent(f);
    expect(stored(f).passages).toBe(650 + 320 + 1);
  });

  test("FTS5's large-write options last one write: they are back at the defaults after", async () => {
    const f = engineStore();
    const options = () => Object.fromEntries(f.store.sqlite.query<{ k: string; v: number }, []>("SELECT k, v FROM passages_fts_config WHERE k IN ('hashsize', 'automerge')").all().map((r) => [r.k, r.v]));
    await ingest(f.store, f.agent.id, { kind: "text", text: manySections(30, "zeta"), title: "Small", source: "small.md" });
    // Small documents leave the options alone; a large one (1,000 passages) sets them for the write.
    expect(options()).toEqual({});
    await ingest(f.store, f.agent.id, { kind: "text", text: manySections(1000, "eta"), title: "Large", source: "large.md" });
    expect(options()).toEqual({ hashsize: 1024 * 1024, automerge: 4 });
    // A write that fails half-way leaves nothing behind, the option included.
    const g = engineStore();
    const passages = Array.from({ length: 1000 }, (_, i) => ({ title: "t", body: i < 999 ? `body ${i}` : (null as unknown as string) }));
    const bad = makeDoc("text", "Bad", "bad.md", "x", passages);
    expect(() => writeDocs(g.store, g.agent.id, [bad])).toThrow();
    expect(g.store.sqlite.query("SELECT count(*) AS n FROM passages").get()).toEqual({ n: 0 });
    expect(g.store.sqlite.query("SELECT count(*) AS n FROM passages_fts_config WHERE k IN ('hashsize', 'automerge')").get()).toEqual({ n: 0 });
    expectConsistent(f);
  });

  test("adding unchanged material again changes nothing", async () => {
    const f = engineStore();
    const input = { kind: "text" as const, text: manySections(400, "eps"), title: "Big", source: "big.md" };
    const first = await ingest(f.store, f.agent.id, input);
    const before = stored(f);
    const again = await ingest(f.store, f.agent.id, input);
    expect(again.ids).toEqual(first.ids);
    expect(stored(f)).toEqual(before);
    expectConsistent(f);
  });
});

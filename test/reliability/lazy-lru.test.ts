/** The limiters' LRU options: the same bound and eviction order as lru-cache's `max`. */
import { describe, expect, test } from "bun:test";
import { LRUCache } from "lru-cache";
import { upTo } from "../../src/limits/lazy-lru";

describe("upTo", () => {
  test("evicts the least recently used entry once full", () => {
    const cache = new LRUCache<string, number>(upTo(3));
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("a")).toBe(1);
    cache.set("d", 4);
    expect([...cache.keys()].sort()).toEqual(["a", "c", "d"]);
    expect(cache.size).toBe(3);
  });

  test("a flood of distinct keys keeps exactly the bound, the newest ones", () => {
    const cache = new LRUCache<string, number>(upTo(100));
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(100);
    expect(cache.has("k9899")).toBe(false);
    expect(cache.has("k9900")).toBe(true);
    expect(cache.has("k9999")).toBe(true);
  });

  test("replacing a key does not count it twice", () => {
    const cache = new LRUCache<string, number>(upTo(2));
    cache.set("a", 1);
    cache.set("a", 2);
    cache.set("b", 3);
    expect(cache.get("a")).toBe(2);
    expect(cache.size).toBe(2);
  });
});

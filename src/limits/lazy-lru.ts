/**
 * Options for an lru-cache that holds at most `entries` entries and allocates as it fills.
 * With `max`, lru-cache preallocates five arrays of `max` slots when it is built (about 28
 * bytes a slot: 5.6 MiB for 200,000), resident from start-up and scanned by every full
 * garbage collection even while the cache is empty. Counting each entry as size 1 against
 * `maxSize` keeps the same bound and the same least-recently-used eviction, with storage
 * that grows on demand.
 */
export function upTo(entries: number) {
  return { maxSize: entries, sizeCalculation: () => 1 };
}

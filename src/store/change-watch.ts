/**
 * Notices commits made by other connections (the operator CLI, the dashboard's own
 * connection) through SQLite's data_version, so in-process caches never serve stale data.
 *
 * Asking data_version takes and releases the store's read locks (several system calls, a
 * few microseconds on every request). Every commit by any connection rewrites the header
 * of the WAL index (the `-shm` file, shared memory by SQLite's design), so the header is
 * read first, from a shared mapping of that file: only when it changed is data_version
 * asked. The mapping stays valid while this process keeps the store open (SQLite only
 * truncates the file when a connection opens it with no other connection attached).
 */
import type { Database, Statement } from "bun:sqlite";
import { existsSync } from "node:fs";

/** The first copy of the WAL-index header: 48 bytes, 12 words (SQLite's wal.c layout). */
const HEADER_WORDS = 12;

function mapHeader(dbPath: string | undefined): Uint32Array | null {
  if (!dbPath || dbPath === ":memory:" || !existsSync(`${dbPath}-shm`)) return null;
  try {
    const bytes = Bun.mmap(`${dbPath}-shm`, { shared: true, size: HEADER_WORDS * 4 });
    return new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  } catch {
    return null;
  }
}

export class ChangeWatch {
  private readonly stmt: Statement<{ data_version: number }, []>;
  private last: number;
  private readonly header: Uint32Array | null;
  private readonly seen = new Uint32Array(HEADER_WORDS);

  constructor(sqlite: Database, dbPath?: string) {
    this.stmt = sqlite.query("PRAGMA data_version");
    this.header = mapHeader(dbPath);
    this.remember();
    this.last = this.stmt.get()!.data_version;
  }

  private remember(): void {
    if (this.header) this.seen.set(this.header);
  }

  private headerChanged(): boolean {
    if (!this.header) return true;
    for (let i = 0; i < HEADER_WORDS; i++) if (this.header[i] !== this.seen[i]) return true;
    return false;
  }

  /** True once after each batch of foreign commits. */
  changed(): boolean {
    if (!this.headerChanged()) return false;
    // Remembered before asking: a commit landing in between shows on the next call.
    this.remember();
    const v = this.stmt.get()!.data_version;
    if (v === this.last) return false;
    this.last = v;
    return true;
  }
}

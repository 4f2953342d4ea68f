/**
 * Notices commits made by other connections (the operator CLI, the dashboard's own
 * connection) through SQLite's data_version, so in-process caches never serve stale data.
 */
import type { Database, Statement } from "bun:sqlite";

export class ChangeWatch {
  private readonly stmt: Statement<{ data_version: number }, []>;
  private last: number;
  constructor(sqlite: Database) {
    this.stmt = sqlite.query("PRAGMA data_version");
    this.last = this.stmt.get()!.data_version;
  }

  /** True once after each batch of foreign commits. */
  changed(): boolean {
    const v = this.stmt.get()!.data_version;
    if (v === this.last) return false;
    this.last = v;
    return true;
  }
}

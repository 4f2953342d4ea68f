/**
 * The exchange journal beside the store (`<db>-exchanges`): one JSON line per answered
 * exchange, appended with a single write before the answer is returned, then moved into
 * the log tables in batches. A commit to SQLite writes every b-tree page an exchange
 * touches (five for a one-off question, ~40 µs); an append is one system call. Both reach
 * the operating system before the caller is answered, so a killed process loses neither.
 *
 * One process appends (the server, holding an exclusive lock on the file); any process may
 * read it. A line is complete once its newline is written: a torn last line (the process
 * died inside the write) was never acknowledged and is skipped.
 */
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { tryLockExclusive } from "./file-lock";

export function journalPath(db: string): string {
  return `${db}-exchanges`;
}

export class ExchangeJournal {
  /** Bytes known to be whole lines: a failed append is cut back to this. */
  private size: number;
  /** A failed append could not be cut back: the next one first ends the torn line. */
  private torn = false;
  private constructor(
    readonly path: string,
    /** -1 once closed: the number may belong to another file by then. */
    private fd: number,
  ) {
    this.size = fstatSync(fd).size;
  }

  /** Opens the store's journal as its only writer; refused while another process holds it. */
  static open(db: string): ExchangeJournal {
    const path = journalPath(db);
    const fd = openSync(path, "a+");
    if (!tryLockExclusive(fd)) {
      closeSync(fd);
      throw new Error(`another zenith server is already serving ${db}`);
    }
    return new ExchangeJournal(path, fd);
  }

  /** Appends one line (ending in a newline); throws, leaving the file as it was, if the write fails. */
  append(line: string): void {
    if (this.fd < 0) throw new Error(`the exchange journal ${this.path} is closed`);
    const bytes = Buffer.from(this.torn ? `\n${line}` : line);
    let written: number;
    try {
      written = writeSync(this.fd, bytes);
    } catch (err) {
      this.cutBack();
      throw err;
    }
    if (written !== bytes.length) {
      this.cutBack();
      throw new Error(`short write to ${this.path} (disk full?)`);
    }
    this.size = this.torn ? fstatSync(this.fd).size : this.size + written;
    this.torn = false;
  }

  private cutBack(): void {
    try {
      ftruncateSync(this.fd, this.size);
    } catch {
      this.torn = true;
    }
  }

  /** Empties the journal: called once every line in it is in the log tables. */
  clear(): void {
    if (this.fd < 0) return;
    ftruncateSync(this.fd, 0);
    this.size = 0;
    this.torn = false;
  }

  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
  }
}

/** The journal's complete lines, parsed; a torn or unreadable line is skipped. */
export function readJournal(db: string): unknown[] {
  const path = journalPath(db);
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const end = text.lastIndexOf("\n");
  if (end < 0) return [];
  const entries: unknown[] = [];
  for (const line of text.slice(0, end).split("\n")) {
    if (!line) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // A line cut short by a failed write, then followed by later appends.
    }
  }
  return entries;
}

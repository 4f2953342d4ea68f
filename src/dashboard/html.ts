/**
 * Server-rendered HTML: a tagged template that escapes every interpolated value unless it
 * is already markup (Safe), so page code cannot forget to escape.
 */
export class Safe {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Safe) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return esc(value);
}

/** `html\`<p>${text}</p>\`` — text is escaped; nested html`` and arrays of it are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Safe {
  let out = strings[0];
  values.forEach((v, i) => (out += render(v) + strings[i + 1]));
  return new Safe(out);
}

export function raw(markup: string): Safe {
  return new Safe(markup);
}

/** A time as "2026-11-22 14:03 UTC" (the dashboard shows UTC, like the monthly counters). */
export function when(ms: number | null | undefined): string {
  if (!ms) return "—";
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

/** Text cut to about `max` characters, keeping both ends (a file name keeps its extension). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(text.length - half)}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

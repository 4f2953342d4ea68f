/**
 * Forms: reading submitted values with per-field validation errors, and rendering fields
 * with their label, kept value and error message next to them.
 */
import { html, type Safe } from "./html";
import { bytesWithin } from "../api/body";

export type Errors = Record<string, string>;

/**
 * Largest body a page's form may send (every field but an upload is text of a few KB; the
 * playground's hidden transcript is the longest, at most 20 turns of 10,000 characters).
 */
export const MAX_FORM_BYTES = 1024 * 1024;
/** Largest body an upload form may send: several files of up to 20 MiB each. */
export const MAX_UPLOAD_BODY_BYTES = 64 * 1024 * 1024;
/** A refused field is shown back at most this long: no field accepts more than 10,000. */
const MAX_ECHO_CHARS = 20_000;

/** C0 and C1 controls; a multi-line field may still hold tabs and line breaks. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * A submitted form of at most `limit` bytes; null when larger. Throws when malformed.
 * @example const data = await readForm(request, MAX_FORM_BYTES); if (!data) return tooLarge();
 */
export async function readForm(request: Request, limit: number): Promise<FormData | null> {
  const body = await bytesWithin(request, limit);
  if (!body) return null;
  return new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}

/** Reads a submitted form; every check records its error under the field's name. */
export class FormReader {
  readonly errors: Errors = {};
  constructor(readonly data: FormData) {}

  /** The raw submitted text (for re-filling the form), "" when absent. */
  value(name: string): string {
    const v = this.data.get(name);
    return typeof v === "string" ? v : "";
  }

  /** Trimmed text; control characters are refused (a multi-line field keeps tabs and line breaks). */
  text(name: string, label: string, opts: { required?: boolean; max?: number; multiline?: boolean } = {}): string {
    const v = this.value(name).trim();
    if (opts.required && !v) this.errors[name] ??= `${label} is required.`;
    else if (opts.max && v.length > opts.max) this.errors[name] ??= `${label} must be at most ${opts.max.toLocaleString("en")} characters.`;
    else if ((opts.multiline ? CONTROL_BUT_LINES : CONTROL).test(v))
      this.errors[name] ??= `${label} cannot contain control characters${opts.multiline ? " (other than tabs and line breaks)" : ""}.`;
    return v;
  }

  /** A whole number in [min, max]; undefined (no error) when empty and optional. */
  int(name: string, label: string, min: number, max: number, required = true): number | undefined {
    const v = this.value(name).trim();
    if (!v && !required) return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.errors[name] ??= `${label} must be a whole number from ${min.toLocaleString("en")} to ${max.toLocaleString("en")}.`;
      return undefined;
    }
    return Number(v);
  }

  choice<T extends string>(name: string, label: string, choices: readonly T[]): T | undefined {
    const v = this.value(name);
    if (!choices.includes(v as T)) {
      this.errors[name] ??= `Choose a ${label.toLowerCase()}.`;
      return undefined;
    }
    return v as T;
  }

  files(name: string): File[] {
    return this.data.getAll(name).filter((f): f is File => typeof f !== "string" && f.size > 0);
  }

  fail(name: string, message: string): void {
    this.errors[name] ??= message;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

/** What a form renders from: the values to show and the errors to place beside fields. */
export interface FormState {
  values: Record<string, string>;
  errors: Errors;
}

export const EMPTY_FORM: FormState = { values: {}, errors: {} };

export function stateOf(reader: FormReader): FormState {
  const values: Record<string, string> = {};
  // Never echo unbounded input: a field far past any limit comes back cut short.
  for (const [k, v] of reader.data) if (typeof v === "string" && k !== "_csrf" && k !== "_once") values[k] = v.slice(0, MAX_ECHO_CHARS);
  return { values, errors: reader.errors };
}

interface FieldOpts {
  type?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  rows?: number;
  attrs?: Safe;
  value?: string;
  /** Element id when a page shows the same field in several forms (default f-NAME). */
  id?: string;
}

function describe(form: FormState, name: string, id: string, hint?: string) {
  const error = form.errors[name];
  return {
    error,
    describedBy: [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" "),
    after: html`${error ? html`<p class="field-error" id="${id}-error" role="alert">${error}</p>` : ""}${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ""}`,
  };
}

/** A labelled input; its value is what was submitted (or opts.value), its error right below. */
export function field(form: FormState, name: string, label: string, opts: FieldOpts = {}): Safe {
  const id = opts.id ?? `f-${name}`;
  const d = describe(form, name, id, opts.hint);
  const value = form.values[name] ?? opts.value ?? "";
  const common = html`id="${id}" name="${name}" ${opts.required ? html`required` : ""} ${d.error ? html`aria-invalid="true"` : ""} ${d.describedBy ? html`aria-describedby="${d.describedBy}"` : ""} ${opts.placeholder ? html`placeholder="${opts.placeholder}"` : ""} ${opts.attrs ?? ""}`;
  const control =
    opts.type === "textarea"
      ? html`<textarea ${common} rows="${opts.rows ?? 4}">${value}</textarea>`
      : html`<input type="${opts.type ?? "text"}" ${common} value="${value}">`;
  return html`<div class="field${d.error ? " has-error" : ""}"><label for="${id}">${label}</label>${control}${d.after}</div>`;
}

export function select(form: FormState, name: string, label: string, options: { value: string; label: string }[], opts: FieldOpts = {}): Safe {
  const id = opts.id ?? `f-${name}`;
  const d = describe(form, name, id, opts.hint);
  const current = form.values[name] ?? opts.value ?? "";
  return html`<div class="field${d.error ? " has-error" : ""}"><label for="${id}">${label}</label>
    <select id="${id}" name="${name}" ${d.error ? html`aria-invalid="true"` : ""} ${d.describedBy ? html`aria-describedby="${d.describedBy}"` : ""} ${opts.attrs ?? ""}>
      ${options.map((o) => html`<option value="${o.value}" ${o.value === current ? html`selected` : ""}>${o.label}</option>`)}
    </select>${d.after}</div>`;
}

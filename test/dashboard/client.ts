/**
 * In-process dashboard harness: the real admin app on a temp store, and a small cookie-
 * keeping client that signs in, reads CSRF tokens from pages and submits forms.
 */
import { openStore, type Store } from "../../src/store/db";
import { createAdminApp } from "../../src/dashboard/app";
import type { LockoutOptions } from "../../src/dashboard/lockout";
import { tempDb } from "../support/tmp";

export interface Dashboard {
  db: string;
  /** The public side's connection (what the API would use). */
  store: Store;
  admin: ReturnType<typeof createAdminApp>;
  password: string;
  client(peer?: string): Client;
}

/** Captures what `announce` prints: the first admin password. */
function announced(admin: ReturnType<typeof createAdminApp>): string {
  let out = "";
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string) => ((out += chunk), true)) as typeof process.stdout.write;
  try {
    admin.announce();
  } finally {
    process.stdout.write = write;
  }
  return JSON.parse(out).admin_password;
}

export function dashboard(opts: { lockout?: LockoutOptions } = {}): Dashboard {
  const db = tempDb();
  const store = openStore(db);
  const admin = createAdminApp({ store, dbPath: db, lockout: opts.lockout, publicUrl: () => "http://api.test" });
  const password = announced(admin);
  return { db, store, admin, password, client: (peer = "127.0.0.1") => new Client((req) => admin.handle(req, peer)) };
}

export class Client {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that carried one. */
  csrf = "";
  /** The one-time token of the last page with a create form (sent with every POST, spent by a create). */
  once = "";
  /** `send` delivers a request: the in-process app, or fetch against a running server. */
  constructor(
    private readonly send: (request: Request) => Promise<Response>,
    private readonly base = "http://127.0.0.1:8788",
  ) {}

  /** A client for a running server's admin address. */
  static remote(adminUrl: string): Client {
    return new Client((req) => fetch(req, { redirect: "manual" }), adminUrl);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    headers.set("accept", "text/html");
    const res = await this.send(new Request(`${this.base}${path}`, { ...init, headers }));
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, v] = pair.split("=");
      if (v) this.cookies.set(k, v);
      else this.cookies.delete(k);
    }
    return res;
  }

  /** Remembers the tokens a page carries, as a browser keeps them in its forms. */
  private remember(body: string): void {
    const token = /name="_csrf" value="([^"]+)"/.exec(body)?.[1];
    if (token) this.csrf = token;
    const once = /name="_once" value="([^"]+)"/.exec(body)?.[1];
    if (once) this.once = once;
  }

  /** GETs a page and remembers its tokens; returns status and body. */
  async get(path: string): Promise<{ status: number; body: string; res: Response }> {
    const res = await this.request(path);
    const body = await res.text();
    this.remember(body);
    return { status: res.status, body, res };
  }

  /** POSTs a form; the CSRF and one-time tokens are included unless `csrf` is false or another value. */
  async post(path: string, fields: Record<string, string> = {}, opts: { csrf?: string | false; headers?: Record<string, string> } = {}) {
    const res = await this.send_(path, new URLSearchParams(fields), opts);
    const body = await res.text();
    this.remember(body);
    return { status: res.status, location: res.headers.get("location"), body, res };
  }

  /** POSTs a body as given (multipart or urlencoded), with the tokens added to it. */
  private send_(path: string, body: URLSearchParams | FormData, opts: { csrf?: string | false; headers?: Record<string, string> }) {
    const token = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (token !== false) body.set("_csrf", token);
    if (this.once && !body.has("_once")) body.set("_once", this.once);
    const headers = body instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded", ...opts.headers } : { ...opts.headers };
    return this.request(path, { method: "POST", body, headers });
  }

  /** POSTs a multipart form (file uploads). */
  async upload(path: string, form: FormData, opts: { csrf?: string | false } = {}) {
    const res = await this.send_(path, form, opts);
    const body = await res.text();
    this.remember(body);
    return { status: res.status, location: res.headers.get("location"), body, res };
  }

  async signIn(password: string) {
    await this.get("/sign-in");
    return this.post("/sign-in", { password, next: "/" });
  }
}

/** The text of the element right after the field's input: its error message, if any. */
export function fieldError(body: string, name: string): string | null {
  return new RegExp(`id="f-${name}-error"[^>]*>([^<]*)<`).exec(body)?.[1] ?? null;
}

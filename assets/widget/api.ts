/**
 * The widget's calls to Zenith. Every failure becomes one of a few kinds the panel can
 * explain. A refused key or origin answers without CORS headers, so the browser reports it
 * as a network error: a reachability check on the (CORS-open) script tells the two apart.
 */

export interface Cosmetics {
  accent_color?: string;
  welcome_message?: string;
}

export interface AgentInfo {
  display_name: string;
  cosmetics: Cosmetics;
}

export interface Session {
  session: string;
  expires_at: number;
  agent: AgentInfo;
}

export interface Turn {
  role: "user" | "assistant";
  content: string;
}

export interface Reply {
  content: string;
  unavailable: boolean;
  expires_at: number;
}

export type Failure =
  | { kind: "refused" }
  | { kind: "session" }
  | { kind: "rate"; retryAfter: number }
  | { kind: "network" }
  | { kind: "invalid"; message: string }
  | { kind: "server" };

export class WidgetError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

export class Api {
  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {}

  private async reachable(): Promise<boolean> {
    try {
      return (await fetch(`${this.base}/v1/widget.js`, { cache: "no-cache", credentials: "omit" })).ok;
    } catch {
      return false;
    }
  }

  private async call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    if (token) headers["x-widget-session"] = token;
    if (body !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "omit", cache: "no-store" });
    } catch {
      throw new WidgetError({ kind: (await this.reachable()) ? "refused" : "network" });
    }
    if (res.ok) return (await res.json()) as T;
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    // A readable 403 means the key and origin were accepted but the session is gone.
    if (res.status === 403) throw new WidgetError({ kind: token ? "session" : "refused" });
    if (res.status === 401) throw new WidgetError({ kind: "refused" });
    if (res.status === 429) throw new WidgetError({ kind: "rate", retryAfter: Math.max(1, Number(res.headers.get("retry-after")) || 5) });
    if (res.status >= 400 && res.status < 500) throw new WidgetError({ kind: "invalid", message: data?.error?.message ?? "The message was not accepted." });
    throw new WidgetError({ kind: "server" });
  }

  openSession(): Promise<Session> {
    return this.call("POST", "/v1/widget/sessions", undefined, {});
  }

  history(token: string): Promise<{ data: Turn[]; expires_at: number }> {
    return this.call("GET", "/v1/widget/messages", token);
  }

  send(token: string, content: string): Promise<Reply> {
    return this.call("POST", "/v1/widget/messages", token, { content });
  }
}

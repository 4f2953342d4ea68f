/**
 * What the widget keeps in the tab's sessionStorage so the conversation survives page loads
 * of the same tab: the session token (already bound to this origin by the server), its
 * expiry, the agent's look and whether the panel was open. The transcript stays on the server.
 */
import type { AgentInfo } from "./api";

export interface Saved {
  token: string;
  expiresAt: number;
  agent: AgentInfo;
  open: boolean;
}

export class Saver {
  private readonly name: string;
  constructor(key: string) {
    this.name = `zenith-widget:${key}`;
  }

  load(): Saved | null {
    try {
      const saved = JSON.parse(sessionStorage.getItem(this.name) ?? "null") as Saved | null;
      return saved && saved.expiresAt * 1000 > Date.now() ? saved : null;
    } catch {
      return null; // storage disabled or corrupt: start afresh
    }
  }

  save(saved: Saved | null): void {
    try {
      if (saved) sessionStorage.setItem(this.name, JSON.stringify(saved));
      else sessionStorage.removeItem(this.name);
    } catch {
      // Storage can be unavailable (privacy modes); the widget still works for this page.
    }
  }
}

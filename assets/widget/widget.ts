/**
 * The widget's behaviour: open (or resume) a session, ask questions, and turn every
 * failure into a clear state with a way forward.
 */
import { Api, WidgetError, type AgentInfo, type Failure } from "./api";
import { Saver, type Saved } from "./storage";
import type { View } from "./view";

export class Widget {
  private saved: Saved | null = null;
  /** The question waiting for an answer (kept for Retry). */
  private pending: string | null = null;
  private refused = false;
  private welcomed = false;
  private opening: Promise<boolean> | null = null;

  constructor(
    private readonly api: Api,
    private readonly view: View,
    private readonly saver: Saver,
  ) {
    view.onAsk = (text) => this.ask(text);
    view.onToggle = (open) => this.persist({ open });
    // A visitor who comes back online gets the interrupted question answered.
    addEventListener("online", () => {
      if (this.refused) return;
      if (this.pending !== null) void this.deliver();
      else if (!this.saved) void this.openSession();
    });
  }

  async start(): Promise<void> {
    const saved = this.saver.load();
    if (saved) {
      this.saved = saved;
      this.welcome(saved.agent);
      if (saved.open) this.view.open(false);
      await this.resume(saved.token);
    } else {
      await this.openSession();
    }
  }

  private async resume(token: string): Promise<void> {
    try {
      const history = await this.api.history(token);
      for (const turn of history.data) this.view.addMessage(turn.role, turn.content);
      this.persist({ expiresAt: history.expires_at });
    } catch (err) {
      if (this.failed(err, () => this.resume(token)) === "session") await this.openSession();
    }
  }

  /**
   * Opens a new session; on failure the notice's Retry runs `retry` (by default, this again).
   * A question asked while one is being opened waits for it instead of opening another.
   */
  private openSession(retry?: () => void): Promise<boolean> {
    this.opening ??= this.newSession(retry).finally(() => (this.opening = null));
    return this.opening;
  }

  private async newSession(retry?: () => void): Promise<boolean> {
    try {
      const s = await this.api.openSession();
      // A replacement session continues the conversation on screen; only a first one welcomes.
      if (!this.welcomed) this.welcome(s.agent);
      this.saved = { token: s.session, expiresAt: s.expires_at, agent: s.agent, open: this.view.isOpen };
      this.saver.save(this.saved);
      return true;
    } catch (err) {
      this.failed(err, retry ?? (() => void this.openSession()));
      return false;
    }
  }

  private welcome(agent: AgentInfo): void {
    this.welcomed = true;
    this.view.setAgent(agent);
    this.view.clear();
    const text = agent.cosmetics.welcome_message;
    if (text) this.view.addMessage("assistant", text);
  }

  private ask(text: string): void {
    this.view.hideNotice();
    this.view.addMessage("user", text);
    this.pending = text;
    void this.deliver();
  }

  private async deliver(renewed = false): Promise<void> {
    const question = this.pending;
    if (question === null || this.refused) return;
    this.view.hideNotice();
    this.view.setBusy(true);
    this.view.setTyping(true);
    try {
      if (!this.saved && !(await this.openSession(() => void this.deliver()))) return;
      const reply = await this.api.send(this.saved!.token, question);
      this.pending = null;
      this.view.addMessage("assistant", reply.content, { unavailable: reply.unavailable });
      this.persist({ expiresAt: reply.expires_at });
    } catch (err) {
      const kind = this.failed(err, () => void this.deliver());
      // The session expired or ended: open a new one and ask again, once.
      if (kind === "session" && !renewed) {
        this.saved = null;
        if (await this.openSession(() => void this.deliver())) return await this.deliver(true);
      } else if (kind === "session") this.view.showNotice("This conversation could not be continued.", { label: "Retry", run: () => void this.deliver() });
      if (kind === "invalid") this.pending = null;
    } finally {
      this.view.setTyping(false);
      this.view.setBusy(false);
    }
  }

  /** Shows the state for a failure and returns its kind; `retry` backs the Retry button. */
  private failed(err: unknown, retry: () => void): Failure["kind"] {
    if (!(err instanceof WidgetError)) throw err;
    const f = err.failure;
    if (f.kind === "refused") {
      this.refused = true;
      this.pending = null;
      this.saver.save(null);
      this.view.showRefused();
    } else if (f.kind === "rate")
      this.view.showNotice("You're sending messages faster than this chat allows. Please wait a moment.", { label: "Retry", run: retry, waitSeconds: f.retryAfter }, "rate");
    else if (f.kind === "network") this.view.showNotice("You appear to be offline. Check your connection.", { label: "Retry", run: retry });
    else if (f.kind === "server") this.view.showNotice("Something went wrong on our side.", { label: "Retry", run: retry });
    else if (f.kind === "invalid") this.view.showNotice(f.message);
    return f.kind;
  }

  private persist(patch: Partial<Saved>): void {
    if (!this.saved) return;
    this.saved = { ...this.saved, ...patch };
    this.saver.save(this.saved);
  }
}

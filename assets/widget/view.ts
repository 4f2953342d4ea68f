/**
 * The widget's DOM inside a shadow root: launcher, panel (header, conversation log, notice,
 * composer) and the keyboard and screen-reader behaviour. It knows nothing about the network.
 */
import { CSS } from "./styles";
import { ICONS, icon } from "./icons";
import { themeVars } from "./theme";
import { formatAnswer } from "./format";
import type { AgentInfo } from "./api";

/** Below this width the panel takes the whole screen (and holds focus like a modal). */
const NARROW = "(max-width: 520px)";

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

export interface NoticeAction {
  label: string;
  run: () => void;
  /** Seconds before the action becomes available (a rate limit's Retry-After). */
  waitSeconds?: number;
}

export class View {
  readonly root: HTMLElement;
  private readonly launcher: HTMLButtonElement;
  private readonly panel: HTMLElement;
  private readonly title: HTMLElement;
  private readonly avatar: HTMLElement;
  private readonly log: HTMLElement;
  private readonly status: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private typing: HTMLElement | null = null;
  private name = "Chat";
  private countdown: ReturnType<typeof setInterval> | undefined;
  private readonly narrow = matchMedia(NARROW);
  /** Called with the question when the visitor sends one. */
  onAsk: (text: string) => void = () => {};
  /** Called when the panel opens or closes. */
  onToggle: (open: boolean) => void = () => {};

  constructor(shadow: ShadowRoot) {
    this.launcher = h("button", { class: "launcher", type: "button", "aria-expanded": "false", "aria-controls": "zw-panel" }) as HTMLButtonElement;
    this.launcher.append(icon(ICONS.chat, "bubble"), icon(ICONS.close, "x"), h("span", { class: "dot" }));
    this.title = h("h2", { id: "zw-title" });
    this.avatar = h("span", { class: "avatar", "aria-hidden": "true" });
    const close = h("button", { class: "close", type: "button", "aria-label": "Close chat" }, icon(ICONS.close));
    this.log = h("div", { class: "log", role: "log", "aria-live": "polite", "aria-label": "Conversation", tabindex: "0" });
    this.status = h("div", { class: "sr", role: "status" });
    this.notice = h("div", { class: "notice", role: "alert", hidden: "" });
    this.input = h("textarea", { id: "zw-input", rows: "1", maxlength: "4000", placeholder: "Type your question…", "aria-label": "Your question", enterkeyhint: "send" });
    this.sendButton = h("button", { class: "send", type: "submit", "aria-label": "Send" }, icon(ICONS.send)) as HTMLButtonElement;
    const form = h("form", {}, this.input, this.sendButton);
    this.panel = h("section", { id: "zw-panel", class: "panel", role: "dialog", "aria-labelledby": "zw-title", hidden: "" }, h("header", {}, this.avatar, this.title, close), this.log, this.status, this.notice, form);
    this.root = h("div", { class: "zw" }, this.panel, this.launcher);
    shadow.append(h("style", {}, CSS), this.root);

    this.launcher.addEventListener("click", () => (this.isOpen ? this.close() : this.open()));
    close.addEventListener("click", () => this.close());
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        this.submit();
      }
    });
    this.input.addEventListener("input", () => this.fitInput());
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.narrow.addEventListener?.("change", () => this.syncModal());
    this.setAgent(null);
  }

  get isOpen(): boolean {
    return !this.panel.hidden;
  }

  setAgent(agent: AgentInfo | null): void {
    this.name = agent?.display_name || "Chat";
    this.title.textContent = this.name;
    this.avatar.textContent = this.name.trim().charAt(0).toUpperCase();
    this.launcher.setAttribute("aria-label", `${this.isOpen ? "Close" : "Open"} chat with ${this.name}`);
    for (const [k, v] of Object.entries(themeVars(agent?.cosmetics.accent_color))) this.root.style.setProperty(k, v);
  }

  /** Opens the panel; `focus` is false when restoring after a page load (never steal focus then). */
  open(focus = true): void {
    this.panel.hidden = false;
    this.root.classList.add("open");
    this.launcher.setAttribute("aria-expanded", "true");
    this.launcher.setAttribute("aria-label", `Close chat with ${this.name}`);
    this.syncModal();
    this.scrollToEnd();
    if (focus) this.focusMain();
    this.onToggle(true);
  }

  close(): void {
    if (!this.isOpen) return;
    this.panel.hidden = true;
    this.root.classList.remove("open");
    this.launcher.setAttribute("aria-expanded", "false");
    this.launcher.setAttribute("aria-label", `Open chat with ${this.name}`);
    this.launcher.focus();
    this.onToggle(false);
  }

  /** Removes every message (the welcome is added again by the caller). */
  clear(): void {
    this.log.replaceChildren();
    this.typing = null;
  }

  addMessage(role: "user" | "assistant", content: string, opts: { unavailable?: boolean } = {}): void {
    const bubble = h("div", { class: "bubble" });
    // The visitor's own text is shown as typed; answers are formatted, never parsed as HTML.
    if (role === "user") bubble.textContent = content;
    else bubble.append(formatAnswer(content));
    const who = h("span", { class: "sr" }, role === "user" ? "You: " : `${this.name}: `);
    const row = h("div", { class: `msg ${role === "user" ? "user" : "bot"}${opts.unavailable ? " unavailable" : ""}` }, who, bubble);
    this.log.insertBefore(row, this.typing);
    this.scrollToEnd();
  }

  setTyping(on: boolean): void {
    this.typing?.remove();
    this.typing = null;
    this.status.textContent = on ? `${this.name} is typing…` : "";
    if (!on) return;
    this.typing = h("div", { class: "msg bot typing", "aria-hidden": "true" }, h("div", { class: "bubble" }, h("i"), h("i"), h("i")));
    this.log.append(this.typing);
    this.scrollToEnd();
  }

  setBusy(busy: boolean): void {
    this.sendButton.disabled = busy;
    this.panel.setAttribute("aria-busy", String(busy));
  }

  setInputEnabled(enabled: boolean): void {
    this.input.disabled = !enabled;
    this.sendButton.disabled = !enabled;
  }

  /** Shows a problem with an optional action (Retry); `tone` picks the colours. */
  showNotice(text: string, action?: NoticeAction, tone: "error" | "rate" = "error"): void {
    clearInterval(this.countdown);
    this.notice.className = `notice ${tone}`;
    const message = h("span", {}, text);
    this.notice.replaceChildren(message);
    this.notice.hidden = false;
    if (!action) return;
    const button = h("button", { type: "button" }, action.label) as HTMLButtonElement;
    button.addEventListener("click", () => {
      this.hideNotice();
      this.input.focus();
      action.run();
    });
    this.notice.append(button);
    let wait = action.waitSeconds ?? 0;
    if (wait <= 0) return;
    button.disabled = true;
    const tick = () => {
      button.textContent = wait > 0 ? `${action.label} (${wait}s)` : action.label;
      button.disabled = wait > 0;
      if (wait-- <= 0) clearInterval(this.countdown);
    };
    tick();
    this.countdown = setInterval(tick, 1000);
  }

  hideNotice(): void {
    clearInterval(this.countdown);
    this.notice.hidden = true;
    this.notice.replaceChildren();
  }

  /** The state for a refused key or origin: explained, with nothing to type into. */
  showRefused(): void {
    this.root.classList.add("refused");
    this.setInputEnabled(false);
    this.input.placeholder = "Chat unavailable";
    this.showNotice("This chat isn't available on this website.");
    // Nothing to show yet: explain in the conversation area rather than leave it blank.
    if (!this.log.querySelector(".msg")) this.log.append(h("div", { class: "state", "aria-hidden": "true" }, icon(ICONS.blocked), h("strong", {}, "Chat unavailable"), "The site owner has not enabled this chat here."));
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text || this.input.disabled || this.sendButton.disabled) return;
    this.input.value = "";
    this.fitInput();
    this.onAsk(text);
  }

  private fitInput(): void {
    this.input.style.height = "auto";
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, 120)}px`;
  }

  private focusMain(): void {
    if (!this.input.disabled) this.input.focus();
    else (this.notice.querySelector("button") ?? this.panel.querySelector<HTMLElement>(".close"))?.focus();
  }

  private scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** Full screen on a narrow viewport: the panel is then modal and keeps focus inside. */
  private syncModal(): void {
    this.panel.setAttribute("aria-modal", String(this.narrow.matches));
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === "Escape" && this.isOpen) {
      e.stopPropagation();
      this.close();
      return;
    }
    if (e.key !== "Tab" || !this.isOpen || !this.narrow.matches) return;
    const focusable = [...this.panel.querySelectorAll<HTMLElement>("button, textarea, [tabindex='0']")].filter((el) => !(el as HTMLButtonElement).disabled && el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = (this.root.getRootNode() as ShadowRoot).activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  }
}

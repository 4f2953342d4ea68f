/**
 * The embeddable loader: `<script src="BASE/v1/widget.js" data-key="svc_pk_…" async>`.
 * It finds its own tag, mounts the widget in a Shadow DOM (the page's CSS cannot reach it,
 * and its CSS cannot reach the page) and starts it.
 */
import { Api } from "./api";
import { Saver } from "./storage";
import { View } from "./view";
import { Widget } from "./widget";

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.key) return current;
  return document.querySelector<HTMLScriptElement>('script[data-key][src*="/v1/widget.js"]');
}

function mount(script: HTMLScriptElement): void {
  const key = script.dataset.key!;
  if (document.querySelector(`[data-zenith-widget="${CSS.escape(key)}"]`)) return; // loaded twice
  const base = new URL(script.src, location.href).href.replace(/\/v1\/widget\.js(?:[?#].*)?$/, "");
  // A custom element with inline !important styles: no page rule can restyle the host.
  const host = document.createElement("zenith-widget");
  host.dataset.zenithWidget = key;
  host.style.cssText = "all:initial!important;display:block!important";
  document.body.appendChild(host);
  const view = new View(host.attachShadow({ mode: "open" }));
  void new Widget(new Api(base, key), view, new Saver(key)).start();
}

const script = ownScript();
if (script) {
  if (document.body) mount(script);
  else addEventListener("DOMContentLoaded", () => mount(script));
}

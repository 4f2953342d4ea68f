/**
 * Answers as safe formatted text: paragraphs, bulleted and numbered lists, links and bold,
 * built only from text nodes and a few fixed elements. Nothing in an answer is ever parsed
 * as HTML, and a link whose address is not http(s), mailto or tel stays plain text.
 */

const LIST_ITEM = /^\s*(?:([-*•])|(\d+)[.)])\s+(.*)$/;
// [text](url) | **bold** | bare http(s) URL. A URL may hold one level of balanced
// parentheses (Wikipedia's "Foo_(bar)"), so the link's own ")" is not taken for part of it;
// a bare URL never ends in punctuation or in a ")" it did not open.
const INLINE = /\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)|\*\*([^*\n]+)\*\*|(https?:\/\/(?:[^\s<>()]|\([^\s<>()]*\))*(?:[^\s<>().,;:!?'"]|\([^\s<>()]*\)))/g;
const SAFE_PROTOCOLS = ["http:", "https:", "mailto:", "tel:"];

/** The address if it is safe to follow, else null. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function link(text: string, href: string): HTMLElement {
  const a = document.createElement("a");
  a.href = href;
  a.target = "_blank";
  a.rel = "noopener noreferrer nofollow";
  a.textContent = text;
  return a;
}

/** Appends one line of text with its inline marks to `parent`. */
function inline(parent: Node, text: string): void {
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    const [whole, label, url, bold, bare] = m;
    if (bold !== undefined) {
      const strong = document.createElement("strong");
      strong.textContent = bold;
      parent.appendChild(strong);
    } else {
      const href = safeHref(url ?? bare ?? "");
      parent.appendChild(href ? link(label ?? bare!, href) : document.createTextNode(label ?? whole));
    }
    last = m.index! + whole.length;
  }
  parent.appendChild(document.createTextNode(text.slice(last)));
}

function paragraph(lines: string[]): HTMLElement {
  const p = document.createElement("p");
  lines.forEach((line, i) => {
    if (i) p.appendChild(document.createElement("br"));
    inline(p, line);
  });
  return p;
}

/** Formats an answer into a fragment of paragraphs and lists. */
export function formatAnswer(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let lines: string[] = [];
    let list: HTMLElement | null = null;
    const flush = () => {
      if (lines.length) out.appendChild(paragraph(lines));
      lines = [];
    };
    for (const line of block.split("\n")) {
      if (!line.trim()) continue;
      const item = LIST_ITEM.exec(line);
      if (!item) {
        list = null;
        lines.push(line.trim());
        continue;
      }
      flush();
      const tag = item[1] ? "ul" : "ol";
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = out.appendChild(document.createElement(tag));
        if (item[2] && item[2] !== "1") list.setAttribute("start", item[2]);
      }
      const li = document.createElement("li");
      inline(li, item[3]);
      list.appendChild(li);
    }
    flush();
  }
  return out;
}

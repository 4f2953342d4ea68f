/** Turning stored Markdown-ish passage text into plain, readable answer text. */

/** Drops Markdown markup (emphasis, links, list bullets, headings) and citation marks. */
export function plain(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/^\s*\|/gm, "")
    .replace(/\s*\|\s*/g, " | ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/** Removes citation markers and source lists a generator may add despite instructions. */
export function stripCitations(text: string): string {
  return text
    .replace(/\n+\s*(?:\*\*)?(?:sources?|references?|citations?)(?:\*\*)?\s*:[\s\S]*$/i, "")
    .replace(/\s*【[^】]*】/g, "")
    .replace(/\s*\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g, "")
    .replace(/\s*\[(?:source|passage|doc(?:ument)?)\s*[^\]]*\]/gi, "")
    .replace(/\s*\((?:source|passage|doc(?:ument)?)s?\s*:?\s*[^)]*\)/gi, "")
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

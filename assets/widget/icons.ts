/** The few icons the widget draws, as SVG path data (built with DOM calls, never HTML). */
const NS = "http://www.w3.org/2000/svg";

export const ICONS = {
  chat: "M12 3C6.5 3 2 6.9 2 11.7c0 2.4 1.1 4.6 3 6.2-.2 1.5-.9 2.9-2 4 2.3-.1 4.3-.9 5.8-2.1 1 .3 2.1.4 3.2.4 5.5 0 10-3.9 10-8.6S17.5 3 12 3z",
  close: "M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z",
  blocked: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4zM4 12c0-1.8.6-3.5 1.7-4.9l11.2 11.2A8 8 0 0 1 4 12z",
  send: "M3.4 20.4 21 12 3.4 3.6 3.4 10.2 15 12 3.4 13.8z",
};

export function icon(path: string, className = ""): SVGSVGElement {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (className) svg.setAttribute("class", className);
  const p = document.createElementNS(NS, "path");
  p.setAttribute("d", path);
  svg.appendChild(p);
  return svg;
}

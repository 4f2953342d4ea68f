/** Colours derived from the agent's accent: readable text on it, a focus ring and a link colour. */
const DEFAULT_ACCENT = "#4f46e5";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** CSS custom properties for an accent colour (anything but #RRGGBB falls back to the default). */
export function themeVars(accent: string | undefined): Record<string, string> {
  const color = accent && /^#[0-9a-f]{6}$/i.test(accent) ? accent : DEFAULT_ACCENT;
  const light = luminance(color) > 0.4;
  return {
    "--zw-accent": color,
    "--zw-on-accent": light ? "#111827" : "#ffffff",
    "--zw-ring": `${color}40`,
    // A light accent is unreadable as link text on white.
    "--zw-link": luminance(color) > 0.2 ? "#1d4ed8" : color,
  };
}

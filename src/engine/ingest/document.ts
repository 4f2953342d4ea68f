/** What every parser produces: one piece of material, normalised and split. */
import type { Passage } from "./split";

export interface Doc {
  kind: "text" | "markdown" | "html" | "pdf" | "docx" | "url" | "qa";
  title: string;
  /** File name or URL it came from; re-adding the same source with new content replaces it. */
  source: string | null;
  /** The normalised text, hashed to make re-adding unchanged material a no-op. */
  text: string;
  passages: Passage[];
}

/** Limits on what one piece of material may be. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_TEXT_CHARS = 2_000_000;

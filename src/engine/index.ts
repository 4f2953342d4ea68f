/**
 * The answer engine's public surface: ingest material, list/remove it, answer a question.
 * Nothing here imports Elysia; callers pass the store and plain values.
 */
export { ingest, readInput, type IngestInput } from "./ingest";
export { writeDocs as addDocs } from "./ingest/write";
export { listMaterial, removeMaterial } from "./material";
export { answer, findFor, notAvailable, CONFIDENCE_THRESHOLD } from "./answer";
export { configureGenerator, type GeneratorConfig } from "./generate";
export { SUPPORTED as SUPPORTED_FILE_TYPES } from "./ingest/formats";
export { DEFAULT_MAX_PAGES } from "./ingest/crawl";

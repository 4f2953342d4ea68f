/**
 * The answer engine's public surface: ingest material, list/remove it, answer a question.
 * Nothing here imports Elysia; callers pass the store and plain values.
 */
export { ingest, type IngestInput } from "./ingest";
export { listMaterial, removeMaterial } from "./material";
export { answer } from "./answer";

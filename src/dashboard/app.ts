/**
 * The admin listener (dashboard). Served only on the admin address, never on the public port.
 */
import { Elysia } from "elysia";
import type { Store } from "../store/db";
import { ApiError } from "../errors";

export interface AdminDeps {
  store: Store;
  dbPath: string;
  log?: (line: Record<string, unknown>) => void;
}

export function createAdminApp(deps: AdminDeps) {
  const elysia = new Elysia()
    .onError(({ code }) =>
      (code === "NOT_FOUND" ? new ApiError("not_found", "Not found.") : new ApiError("server_error", "The dashboard failed to handle this request.")).toResponse(),
    )
    .get("/healthz", () => Response.json({ status: "ok" }));
  return {
    elysia,
    /** Prints anything the operator must see once at start (e.g. a first admin credential). */
    announce: undefined as undefined | (() => void),
    handle: (request: Request, _peer?: string) => elysia.handle(request),
  };
}

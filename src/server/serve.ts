/**
 * `zenith serve`: opens the store, starts the public and admin listeners, prints the
 * chosen addresses as the first line of stdout, and stops gracefully on SIGTERM/SIGINT.
 */
import { openStore, type Store } from "../store/db";
import { createApp } from "../app";
import { createAdminApp, ADMIN_MAX_BODY_BYTES } from "../dashboard/app";
import type { ServeConfig } from "../config";
import { CliError } from "../errors";
import { stderrLogger } from "./logger";
import { seedDemo } from "../demo/seed";
import { loadTokenizer } from "../engine/tokens";
import { configureGenerator } from "../engine";
import { startGcPacer } from "./gc-pacer";
import { ExchangeJournal } from "../store/exchange-journal";

function displayHost(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

export async function serve(cfg: ServeConfig): Promise<void> {
  let store: Store;
  try {
    store = openStore(cfg.db, { backgroundCheckpoint: true });
  } catch (err) {
    throw new CliError(`cannot open store ${cfg.db}: ${(err as Error).message}`);
  }
  let journal: ExchangeJournal;
  try {
    journal = ExchangeJournal.open(cfg.db);
  } catch (err) {
    store.close();
    throw new CliError(`cannot open the exchange journal of ${cfg.db}: ${(err as Error).message}`);
  }
  const log = stderrLogger();
  let app: ReturnType<typeof createApp>;
  try {
    // The app first applies what a previous process left in the journal.
    app = createApp({ store, journal, trustProxy: cfg.trustProxy, probeLimit: cfg.probeLimit, probeWindowSeconds: cfg.probeWindowSeconds, log });
  } catch (err) {
    journal.close();
    store.close();
    throw new CliError(`cannot apply the exchange journal of ${cfg.db}: ${(err as Error).message}`);
  }
  const admin = createAdminApp({ store, dbPath: cfg.db, log, publicUrl: () => cfg.publicUrl ?? publicUrl, settleLog: () => app.context.recorder.settle() });
  void loadTokenizer();
  configureGenerator(cfg.llm);

  let inFlight = 0;
  const pacer = startGcPacer();
  const track = async (p: Promise<Response>) => {
    inFlight++;
    pacer.served++;
    try {
      return await p;
    } finally {
      inFlight--;
    }
  };
  const listen = (hostname: string, port: number, handle: (req: Request, peer?: string) => Promise<Response>, maxBody = Number.MAX_SAFE_INTEGER) => {
    try {
      return Bun.serve({
        hostname,
        port,
        // Bodies are streamed and the public app enforces its own limit (413 in the envelope);
        // Bun's own cap would answer a bare 413 before the app could.
        maxRequestBodySize: maxBody,
        development: false,
        // Said outright: with development off, Bun 1.4 binds with SO_REUSEPORT unless told not
        // to, and a second server on the same port then started and took half the requests.
        reusePort: false,
        fetch: (req, server) => track(handle(req, server.requestIP(req)?.address)),
        error: () => new Response(JSON.stringify({ error: { message: "The service failed to handle this request.", type: "server_error", param: null, code: "server_error" } }), { status: 500, headers: { "content-type": "application/json" } }),
      });
    } catch (err) {
      throw new CliError(`cannot listen on ${hostname}:${port}: ${(err as Error).message}`);
    }
  };
  const publicServer = listen(cfg.host, cfg.port, app.handle);
  let adminServer: ReturnType<typeof listen>;
  try {
    // The dashboard takes file uploads, so its listener accepts larger bodies.
    adminServer = listen(cfg.adminHost, cfg.adminPort, admin.handle, ADMIN_MAX_BODY_BYTES);
  } catch (err) {
    publicServer.stop(true);
    throw err;
  }
  const publicUrl = `http://${displayHost(cfg.host)}:${publicServer.port}`;
  process.stdout.write(JSON.stringify({ listening: publicUrl, admin: `http://${displayHost(cfg.adminHost)}:${adminServer.port}` }) + "\n");
  if (cfg.demo) {
    const demo = await seedDemo(store, cfg.publicUrl ?? publicUrl, `http://localhost:${publicServer.port}`);
    if (demo) process.stdout.write(JSON.stringify({ demo }) + "\n");
  }
  admin.announce?.();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ t: new Date().toISOString(), event: "stopping", signal, in_flight: inFlight });
    // stop(false) refuses new connections and lets in-flight requests finish.
    await Promise.all([publicServer.stop(false), adminServer.stop(false)]);
    while (inFlight > 0) await Bun.sleep(5);
    clearInterval(pacer.timer);
    await admin.close();
    // A failure is logged; nothing is lost: the next start applies what the journal keeps.
    app.context.recorder.close();
    log.flush();
    journal.close();
    store.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

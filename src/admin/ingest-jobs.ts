/**
 * Material ingestion in the background, with progress the dashboard can poll. Each item
 * (a file, a URL) is ingested on its own, so one bad file is reported without losing the
 * others, and nothing is half-ingested (the engine writes each item in one transaction).
 */
import type { Store } from "../store/db";
import { ingest, type IngestInput } from "../engine";
import { newId } from "../ids";
import { CliError } from "../errors";

export interface JobItem {
  label: string;
  load: () => Promise<IngestInput>;
}

export interface Job {
  id: string;
  agentId: string;
  labels: string[];
  done: number;
  current: string | null;
  state: "running" | "finished";
  errors: string[];
  ids: string[];
  startedAt: number;
}

const KEEP_FINISHED = 100;

export class IngestJobs {
  private readonly jobs = new Map<string, Job>();
  constructor(private readonly store: Store) {}

  start(agentId: string, items: JobItem[]): Job {
    const job: Job = { id: newId("job"), agentId, labels: items.map((i) => i.label), done: 0, current: null, state: "running", errors: [], ids: [], startedAt: Date.now() };
    this.jobs.set(job.id, job);
    this.prune();
    void this.run(job, items);
    return job;
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  /** Running jobs and finished jobs that reported errors, newest first. */
  forAgent(agentId: string): Job[] {
    return [...this.jobs.values()].filter((j) => j.agentId === agentId && (j.state === "running" || j.errors.length)).reverse();
  }

  dismiss(id: string): void {
    const job = this.jobs.get(id);
    if (job?.state === "finished") this.jobs.delete(id);
  }

  /** Resolves when every running job has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while ([...this.jobs.values()].some((j) => j.state === "running")) await Bun.sleep(5);
  }

  private async run(job: Job, items: JobItem[]): Promise<void> {
    for (const item of items) {
      job.current = item.label;
      try {
        const input = await item.load();
        job.ids.push(...(await ingest(this.store, job.agentId, input)).ids);
      } catch (err) {
        job.errors.push(err instanceof CliError ? err.message : `${item.label}: could not be added (${(err as Error)?.message ?? err})`);
      }
      job.done++;
    }
    job.current = null;
    job.state = "finished";
  }

  private prune(): void {
    const finished = [...this.jobs.values()].filter((j) => j.state === "finished");
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(j.id);
  }
}

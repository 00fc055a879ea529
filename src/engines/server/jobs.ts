/**
 * The engine server's jobs: each runs one engine in the EngineRunner's worker threads; its status,
 * progress and files stay in memory until the client deletes the job or it expires.
 */
import { randomUUID } from 'node:crypto';
import type { EngineKind } from '../../domain/task-spec.ts';
import { engineKindOf } from '../../domain/task-spec.ts';
import { EngineError, type EngineFile } from '../engine.ts';
import type { EngineRegistry } from '../registry.ts';
import type { EngineRunner } from '../runner/index.ts';
import type { JobStatus, JobSubmission } from '../remote/kiln-protocol.ts';

export interface ServerJob {
  status: JobStatus;
  files: EngineFile[];
  controller: AbortController;
  listeners: Set<(status: JobStatus) => void>;
  expires?: NodeJS.Timeout;
}

export class JobBook {
  readonly #jobs = new Map<string, ServerJob>();

  constructor(
    private readonly registry: EngineRegistry,
    private readonly runner: EngineRunner,
    /** How long a finished job is kept for its client, ms. */
    private readonly keepMs: number,
  ) {}

  kinds(): EngineKind[] {
    return this.registry.kinds();
  }

  get(id: string): ServerJob | undefined {
    return this.#jobs.get(id);
  }

  /** Starts a job; throws EngineError('INVALID_REQUEST') for a kind this server does not serve. */
  start(submission: JobSubmission): ServerJob {
    const kind = submission.spec && engineKindOf(submission.spec);
    const moduleUrl = kind && this.registry.moduleUrl(kind);
    if (!moduleUrl || kind !== submission.kind) {
      throw new EngineError(
        'INVALID_REQUEST',
        `This engine server runs ${this.kinds().join(', ')}; the job asks for ${submission.kind}.`,
      );
    }
    const id = randomUUID();
    const job: ServerJob = {
      status: { id, state: 'running', stage: 'queued', percent: 0 },
      files: [],
      controller: new AbortController(),
      listeners: new Set(),
    };
    this.#jobs.set(id, job);
    const update = (patch: Partial<JobStatus>) => {
      job.status = { ...job.status, ...patch };
      for (const listener of job.listeners) listener(job.status);
    };
    this.runner
      .run({
        moduleUrl,
        taskId: submission.taskId,
        spec: submission.spec,
        inputs: submission.inputs.map((input) => ({
          field: input.field,
          filename: input.filename,
          bytes: new Uint8Array(Buffer.from(input.base64, 'base64')),
        })),
        onProgress: (stage, percent) => update({ stage, percent }),
        signal: job.controller.signal,
      })
      .then((result) => {
        job.files = result.files;
        update({
          state: 'done',
          stage: 'done',
          percent: 100,
          notes: result.notes,
          files: result.files.map((f) => ({ name: f.name, contentType: f.contentType, size: f.bytes.byteLength })),
        });
      })
      .catch((error: unknown) => {
        const code = error instanceof EngineError ? error.code : 'UNKNOWN';
        update({ state: 'failed', error: { code, message: (error as Error).message ?? String(error) } });
      })
      .finally(() => {
        job.expires = setTimeout(() => this.delete(id), this.keepMs);
        job.expires.unref();
      });
    return job;
  }

  delete(id: string): boolean {
    const job = this.#jobs.get(id);
    if (!job) return false;
    job.controller.abort(new Error('the client deleted the job'));
    clearTimeout(job.expires);
    job.listeners.clear();
    this.#jobs.delete(id);
    return true;
  }

  close(): void {
    for (const id of [...this.#jobs.keys()]) this.delete(id);
  }
}

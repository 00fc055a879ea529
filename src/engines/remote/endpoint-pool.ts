/**
 * Chooses the endpoint for the next attempt: one not yet tried by this job, healthy (an endpoint that
 * failed is skipped for `unhealthyMs`, then must pass a health check), with a free slot under the
 * per-endpoint concurrency limit. Waits while every candidate is busy; gives up when none is usable.
 */
import type { RemoteSettings } from '../../config.ts';
import { RemoteFailure, sleep, type RemoteAdapter } from './adapter.ts';
import { trySlot, type Rate, type Slot } from './slots.ts';

/** When each endpoint last failed (per thread: health is re-learnt cheaply). */
const failedAt = new Map<string, number>();

export function markUnhealthy(endpoint: string): void {
  failedAt.set(endpoint, Date.now());
}

const BUSY_WAIT_MS = 50;

export interface Lease {
  endpoint: string;
  slot: Slot;
}

export class EndpointPool {
  constructor(
    private readonly endpoints: string[],
    private readonly adapter: RemoteAdapter,
    private readonly settings: RemoteSettings,
    private readonly broker: string | undefined,
    /** Jobs at once per endpoint (default KILN_REMOTE_CONCURRENCY) and the engine's start rate, if any. */
    private readonly limits: { concurrency?: number; rate?: Rate } = {},
    private readonly apiKey: () => string | undefined = () => undefined,
  ) {}

  /** An endpoint with a slot held for the caller (release the slot when done). */
  async acquire(tried: ReadonlySet<string>, signal: AbortSignal, onWait?: () => void): Promise<Lease> {
    for (let waited = false; ; waited = true) {
      const candidates = this.endpoints.filter((endpoint) => !tried.has(endpoint));
      if (candidates.length === 0) throw new RemoteFailure('crash', 'every endpoint was tried');
      let usable = 0;
      for (const endpoint of candidates) {
        if (!(await this.#healthy(endpoint, signal))) continue;
        usable++;
        const slot = await trySlot(
          this.broker,
          endpoint,
          this.limits.concurrency ?? this.settings.concurrency,
          this.limits.rate,
        );
        if (slot) return { endpoint, slot };
      }
      if (usable === 0) throw new RemoteFailure('crash', `no endpoint is healthy (${candidates.join(', ')})`);
      if (!waited) onWait?.();
      await sleep(BUSY_WAIT_MS, signal);
    }
  }

  async #healthy(endpoint: string, signal: AbortSignal): Promise<boolean> {
    const at = failedAt.get(endpoint);
    if (at === undefined) return true;
    if (Date.now() - at < this.settings.unhealthyMs) return false;
    try {
      await this.adapter.health({ endpoint, settings: this.settings, signal, apiKey: this.apiKey() });
      failedAt.delete(endpoint);
      return true;
    } catch (error) {
      if (signal.aborted) throw error;
      markUnhealthy(endpoint);
      return false;
    }
  }
}

/**
 * Exponential back-off with jitter, shared by everything that reconnects to or retries against a
 * dependency (PostgreSQL listeners, storage writes, waiting for infrastructure at start). Jitter keeps a
 * fleet that lost the same dependency at the same moment from knocking on it in step when it returns.
 */

export interface BackoffOptions {
  /** First delay, ms. */
  initialMs: number;
  /** Largest delay, ms: how long a dependency may be back before this side notices. */
  maxMs: number;
  /** Growth per attempt. */
  factor: number;
}

export const BACKOFF_DEFAULTS: BackoffOptions = { initialMs: 250, maxMs: 5_000, factor: 2 };

/** The delay before retry number `attempt` (1-based): initial × factor^(attempt-1), capped, ±20 % jitter. */
export function backoffDelay(attempt: number, options: Partial<BackoffOptions> = {}): number {
  const { initialMs, maxMs, factor } = { ...BACKOFF_DEFAULTS, ...options };
  const base = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export interface RetryOptions extends Partial<BackoffOptions> {
  /** Tries in all (default 5). */
  attempts?: number;
  /** Whether an error is worth another try (default: every error). */
  retryable?: (error: unknown) => boolean;
  /** Called before each wait, to log what is retried. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Stops waiting (the error of the last try is thrown). */
  signal?: AbortSignal;
}

/** Runs `fn` until it resolves, retrying retryable errors with back-off; throws the last error. */
export async function retryWithBackoff<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || options.signal?.aborted || !(options.retryable?.(error) ?? true)) throw error;
      const delay = backoffDelay(attempt, options);
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, options.signal);
    }
  }
}

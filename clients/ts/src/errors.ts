/** What the SDK throws: the server's refusals with their catalogue code, and its own timeouts. */

/** A refusal from the server (`{"error": CODE, "message": …}`), or a task that ended Failed. */
export class KilnApiError extends Error {
  constructor(
    /** The catalogue code (INVALID_REQUEST, NO_SUCH_TASK, INSUFFICIENT_FUND, CANCELLED …). */
    readonly code: string,
    message: string,
    /** The HTTP status (0 when the error is a task's failure rather than a response). */
    readonly status: number,
    /** Seconds the server asked to wait (Retry-After), when it did. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'KilnApiError';
  }
}

/** The server could not be reached (refused, reset, DNS) after every retry. */
export class KilnConnectionError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'KilnConnectionError';
  }
}

/** waitFor gave up after its timeoutMs; the task goes on on the server. */
export class KilnTimeoutError extends Error {
  constructor(
    readonly taskUuid: string,
    readonly timeoutMs: number,
  ) {
    super(`Task ${taskUuid} did not end within ${timeoutMs} ms; it is still running on the server.`);
    this.name = 'KilnTimeoutError';
  }
}

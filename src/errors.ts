/**
 * The one error catalogue. Every refusal the service sends is a KilnError with a stable code from this
 * table; the HTTP layer turns it into `{"error": code, "message": …}` with the table's status.
 * Messages say what the caller should change, not what went wrong inside.
 */

// Submission refusals keep to the statuses of docs/spec/api.md §7 (201, 400, 401, 429), because real clients were
// written against those: a refusal that is neither bad input nor throttling is "handled, not accepted",
// i.e. 201 with an `error` (§7: "otherwise the task is not accepted even with 201").
export const ERROR_CATALOGUE = {
  INVALID_REQUEST: { status: 400, summary: 'A field or file is missing, malformed or not allowed.' },
  UNAUTHORIZED: { status: 401, summary: 'An active API key is required.' },
  PERMISSION_DENIED: { status: 403, summary: 'The key may not perform this operation.' },
  NO_SUCH_TASK: { status: 404, summary: 'No task with that identifier belongs to this account.' },
  IDEMPOTENCY_KEY_REUSED: { status: 400, summary: 'The Idempotency-Key was already used with another request body.' },
  PAYLOAD_TOO_LARGE: { status: 400, summary: 'An upload exceeds the configured size or count limits.' },
  INSUFFICIENT_FUND: { status: 201, summary: 'The account balance is lower than the price of the request.' },
  API_PARALLELISM_LIMIT_REACHED: { status: 429, summary: 'Too many tasks are in flight for this key.' },
  RATE_LIMITED: { status: 429, summary: 'Too many requests for this key; retry after the Retry-After delay.' },
  API_OBJECT_NOT_FOUND_ON_IMAGE: { status: 400, summary: 'No object could be separated from the image background.' },
  ENGINE_UNAVAILABLE: { status: 503, summary: 'No engine is registered for this kind of task on this server.' },
  REMOTE_ENGINE_FAILED: {
    status: 502,
    summary: 'The model server this kind of task is delegated to failed; the task was refunded.',
  },
  CANCELLED: { status: 409, summary: 'The task was cancelled by its owner; its credits were refunded.' },
  TASK_ALREADY_ENDED: { status: 409, summary: 'The task is already Done or Failed, so it cannot be cancelled.' },
  TASK_STILL_RUNNING: { status: 409, summary: 'The task is Waiting or Generating; cancel it before deleting it.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    summary:
      'A service Kiln depends on (database, job queue or file storage) is unreachable for now; nothing was charged. Retry after the Retry-After delay.',
  },
  UNKNOWN: { status: 500, summary: 'An unexpected error; the task was refunded.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class KilnError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra machine-readable facts (the offending field, a Retry-After in seconds …). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'KilnError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

export function invalidRequest(field: string, message: string): KilnError {
  return new KilnError('INVALID_REQUEST', message, { field });
}

/**
 * A server-wide budget for upload bytes held in memory while requests are read. Each request is capped
 * by the upload limits (KILN_MAX_TOTAL_BYTES), but many concurrent uploads could still add up past what
 * the machine has; once the budget is spent, further uploads are refused with RATE_LIMITED (retry in a
 * few seconds) instead of exhausting memory. Bytes are counted as they arrive and given back when the
 * request's body has been read (or refused).
 */
import { KilnError } from '../errors.ts';

export const UPLOAD_BUSY_RETRY_SECONDS = 5;

export class UploadBudget {
  #used = 0;

  constructor(readonly limitBytes: number) {}

  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` or throws RATE_LIMITED when the budget would be exceeded. */
  take(bytes: number): void {
    if (this.#used + bytes > this.limitBytes) {
      throw new KilnError(
        'RATE_LIMITED',
        `The server is receiving too many uploads at once (${Math.round(this.limitBytes / 2 ** 20)} MiB in memory); retry after ${UPLOAD_BUSY_RETRY_SECONDS} s.`,
        { retryAfter: UPLOAD_BUSY_RETRY_SECONDS },
      );
    }
    this.#used += bytes;
  }

  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** @kiln/client: a typed client of a Kiln server. */
export { KILN_CLIENT_DEFAULTS, KilnClient } from './client.js';
export type { KilnClientOptions, SubmitOptions, TaskRef, WaitOptions } from './client.js';
export { KilnApiError, KilnConnectionError, KilnTimeoutError } from './errors.js';
export type * from './types.js';

/**
 * HTTP for hosted providers (Tripo, Meshy, …): their key as a Bearer token, their 429 waited out with
 * back-off, and their refusals turned into failures that say whose problem they are. A refused key or
 * an empty account is the operator's to fix, so the message names the variable to change; a client
 * only ever sees that the engine failed and was refunded. No message built here contains the key:
 * upstream text is passed through redactSecret first.
 */
import { redactSecret, apiKeyVariable } from './api-key.ts';
import {
  RemoteFailure,
  remoteFetch,
  sleep,
  withoutQuery,
  type AdapterContext,
  type RemoteFailureKind,
} from './adapter.ts';

export interface ProviderCall {
  /** The adapter's name (`tripo`): names the key variables in messages. */
  adapter: string;
  /** `tripo at https://api.tripo3d.ai/v2/openapi`, for messages. */
  service: string;
  context: Pick<AdapterContext, 'settings' | 'signal' | 'apiKey' | 'progress'>;
  /**
   * A self-hosted server that takes no key (Hunyuan3D): nothing is sent, even when a key variable is
   * set, and a 401/403 can only come from something in front of it (an authenticating proxy).
   */
  keyless?: boolean;
}

/** Longest single wait a Retry-After may ask for; a provider asking for more is treated as still limited. */
const MAX_RETRY_AFTER_MS = 60_000;

function keyHint(adapter: string): string {
  const variable = apiKeyVariable(adapter);
  return `${variable} (or ${variable}_FILE)`;
}

/** Fails before any request when the adapter has no key: the operator has not configured it. */
export function requireKey(call: ProviderCall): string {
  if (call.context.apiKey) return call.context.apiKey;
  throw new RemoteFailure(
    'bad-key',
    `${call.service}: no API key is configured; the operator must set ${keyHint(call.adapter)}`,
  );
}

/** The Retry-After header in ms (seconds or an HTTP date), or undefined. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * One request with the provider's key; a 429 (or what `isRateLimited` recognises) is waited out
 * (Retry-After, else KILN_REMOTE_BACKOFF_MS doubling) up to KILN_REMOTE_RATE_LIMIT_RETRIES times.
 */
export async function providerFetch(
  call: ProviderCall,
  url: string,
  init: RequestInit = {},
  isRateLimited: (response: Response, body: string) => boolean = (response) => response.status === 429,
): Promise<Response> {
  const key = call.keyless ? undefined : requireKey(call);
  const { settings } = call.context;
  const headers = { ...(init.headers as Record<string, string>), ...(key ? { authorization: `Bearer ${key}` } : {}) };
  for (let attempt = 0; ; attempt++) {
    const response = await remoteFetch(call.context, url, { ...init, headers });
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    if (!isRateLimited(response, body))
      return new Response(body, { status: response.status, headers: response.headers });
    if (attempt >= settings.rateLimitRetries) {
      throw new RemoteFailure(
        'rate-limited',
        `${call.service} was still rate-limiting Kiln (HTTP ${response.status}) after ${attempt} waits (KILN_REMOTE_RATE_LIMIT_RETRIES=${settings.rateLimitRetries}); lower this engine's rate or concurrency in KILN_ENGINES_FILE`,
      );
    }
    const asked = retryAfterMs(response);
    const wait = Math.min(asked ?? settings.backoffMs * 2 ** attempt, MAX_RETRY_AFTER_MS);
    call.context.progress(`rate-limited by ${call.adapter}, waiting`, 0);
    await sleep(wait, call.context.signal);
  }
}

/** What a non-2xx answer means, unless the provider's own codes say more (`classify`). */
function defaultKind(status: number): RemoteFailureKind {
  if (status === 401 || status === 403) return 'bad-key';
  if (status === 402) return 'no-credits';
  if (status === 429) return 'rate-limited';
  return status >= 500 ? 'crash' : 'refused';
}

/** A message for each failure kind, naming what to change. */
export function providerMessage(call: ProviderCall, kind: RemoteFailureKind, what: string, detail: string): string {
  const said = detail ? `: ${redactSecret(detail, call.context.apiKey)}` : '';
  if (call.keyless && (kind === 'bad-key' || kind === 'no-credits'))
    return `${call.service} refused Kiln (${what}${said}); a ${call.adapter} server takes no key, so the refusal came from something in front of it at that address (an authenticating proxy or gateway): the operator must let Kiln through it or point the chain at the server itself`;
  switch (kind) {
    case 'bad-key':
      return `${call.service} refused Kiln's API key (${what}${said}); the operator must set a valid key in ${keyHint(call.adapter)}`;
    case 'no-credits':
      return `${call.service} says the account has insufficient credits (${what}${said}); the operator must top up the ${call.adapter} account whose key is in ${keyHint(call.adapter)}`;
    default:
      return `${call.service} ${what}${said}`;
  }
}

/** An error page's title (proxies answer HTML), else the start of the text. */
function readableText(text: string): string {
  const title = /<title>([^<]{1,120})<\/title>/i.exec(text);
  return title ? `"${title[1].trim()}" (an HTML page)` : text.slice(0, 200);
}

/**
 * Throws a RemoteFailure for a non-2xx answer. `classify` maps a provider's documented error codes
 * (body JSON) to a kind; without an answer from it the HTTP status decides.
 */
export async function checkProvider(
  call: ProviderCall,
  response: Response,
  what: string,
  classify?: (status: number, body: Record<string, unknown> | undefined) => RemoteFailureKind | undefined,
): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')).slice(0, 300);
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const kind = classify?.(response.status, body) ?? defaultKind(response.status);
  const detail = typeof body?.message === 'string' ? body.message : readableText(text);
  throw new RemoteFailure(kind, providerMessage(call, kind, `${what} answered HTTP ${response.status}`, detail));
}

/**
 * Downloads a provider's output from its short-lived signed URL: promptly, and WITHOUT the key (the
 * URL carries its own signature; object stores refuse a second credential, and the key must not reach
 * a storage host). Only the path is ever shown, not the signature.
 */
export async function downloadSigned(call: ProviderCall, url: string, what: string): Promise<Uint8Array> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RemoteFailure('garbage', `${call.service} gave a ${what} URL that is not a URL`);
  }
  if (!/^https?:$/.test(parsed.protocol))
    throw new RemoteFailure('garbage', `${call.service} gave a ${what} URL that is not http(s)`);
  const response = await remoteFetch(call.context, url);
  if (!response.ok) {
    await response.body?.cancel();
    const expired = response.status === 403 || response.status === 410;
    throw new RemoteFailure(
      'crash',
      `${call.service}: downloading the ${what} (${withoutQuery(url)}) answered HTTP ${response.status}${expired ? ' (the signed URL was refused or had expired)' : ''}`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * A hosted provider's health check: its balance route answers with the key (a refused key or an empty
 * account fails as such); a 5xx means the service is down.
 */
export async function providerHealth(
  adapter: string,
  context: Omit<AdapterContext, 'progress'>,
  path: string,
): Promise<void> {
  const service = `${adapter} at ${context.endpoint}`;
  const call: ProviderCall = { adapter, service, context: { ...context, progress: () => undefined } };
  const response = await providerFetch(call, `${context.endpoint}${path}`);
  await response.body?.cancel();
  if (response.status >= 500)
    throw new RemoteFailure('crash', `${service} answered its health check with HTTP ${response.status}`);
}

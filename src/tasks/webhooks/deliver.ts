/** One HTTP POST of a webhook body, through the private-address guard, bounded in time. */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './address-guard.ts';

export interface DeliveryResult {
  statusCode: number | null;
  error: string | null;
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Kiln-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume(); // the body is not needed; drain it so the socket is freed
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        resolve({ statusCode, error: ok ? null : `the receiver answered HTTP ${statusCode}` });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    request.end(body);
  });
}

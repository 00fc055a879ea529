/**
 * Bearer-key authentication for every /api/v2 route. A bad, revoked or missing key gets exactly the
 * 401 body real clients expect (docs/spec/compat.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KilnError } from '../errors.ts';
import type { AccountService } from '../accounts/index.ts';

export const UNAUTHORIZED_MESSAGE = 'Active API key is required.';

export function bearerToken(header: string | undefined): string | null {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

export function installAuth(api: FastifyInstance, accounts: AccountService): void {
  api.decorateRequest('principal', null as unknown as FastifyRequest['principal']);
  api.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    const principal = token ? await accounts.authenticate(token) : null;
    if (!principal) throw new KilnError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
    request.principal = principal;
  });
}

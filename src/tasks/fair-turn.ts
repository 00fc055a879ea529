/**
 * Fair turns between API keys. A new task's queue priority is the number of tasks its key already has
 * in flight: every key's first waiting task runs before any key's second, and so on. One key that
 * queued many tasks (or one slow one) no longer makes every other key wait behind its whole backlog.
 */
import type { Kysely } from 'kysely';
import type { Schema } from '../store/schema.ts';

/** Tasks of this key in flight before the one being submitted (its in_flight was already raised). */
export async function keyTurn(trx: Kysely<Schema>, keyId: string): Promise<number> {
  const row = await trx.selectFrom('api_keys').select('in_flight').where('id', '=', keyId).executeTakeFirst();
  return Math.max(0, Number(row?.in_flight ?? 1) - 1);
}

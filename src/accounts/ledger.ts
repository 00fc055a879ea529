/**
 * Ledger writes. Each call inserts one ledger row and moves the account's cached balance by the same
 * amount inside the caller's transaction, so balance == sum(ledger) holds at every commit.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Schema } from '../store/schema.ts';
import type { LedgerEntry } from './types.ts';

export const MILLI = 1000;

export function toMilli(credits: number): number {
  return Math.round(credits * MILLI);
}

export function fromMilli(milli: number): number {
  return Number(milli) / MILLI;
}

let lastMs = 0;
let sequence = 0;

/**
 * Sortable: creation time, then a per-process sequence within the millisecond (two postings of one
 * process in the same millisecond keep their order), then randomness to stay unique across processes.
 */
export function ledgerId(now = Date.now()): string {
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  return `${String(now).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomUUID()}`;
}

export interface Posting {
  accountId: string;
  taskId: string | null;
  kind: LedgerEntry['kind'];
  amountMilli: number;
  reason: string;
  /**
   * Refuse (return false, write nothing) when the balance would fall below zero. Reservations use it:
   * the conditional update locks the account row, so concurrent reservations cannot overdraw.
   */
  requireFunds?: boolean;
}

/** Posts one movement; false only when `requireFunds` and the balance is short (or the account is unknown). */
export async function post(trx: Kysely<Schema>, posting: Posting): Promise<boolean> {
  let update = trx
    .updateTable('accounts')
    .set({ balance_milli: sql<number>`balance_milli + ${posting.amountMilli}` })
    .where('id', '=', posting.accountId);
  if (posting.requireFunds) update = update.where('balance_milli', '>=', -posting.amountMilli);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('ledger')
    .values({
      id: ledgerId(),
      account_id: posting.accountId,
      task_id: posting.taskId,
      kind: posting.kind,
      amount_milli: posting.amountMilli,
      reason: posting.reason,
      created_at: Date.now(),
    })
    .execute();
  return true;
}

/** The money checks every cluster test ends with: each task reserved once and ended once, balances = ledgers. */
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Db } from '../../src/store/db.ts';

interface TaskRow {
  id: string;
  state: string;
  price_milli: number | string | bigint;
}

/**
 * One reserve per task; at most one settle or refund; a Done task is charged its price and any other
 * nothing; every account's balance equals the sum of its ledger; no key keeps a task in flight.
 */
export async function assertLedgersBalanced(db: Db, tasks: readonly TaskRow[]): Promise<void> {
  const ledger = await db.kysely.selectFrom('ledger').selectAll().execute();
  for (const task of tasks) {
    const rows = ledger.filter((row) => row.task_id === task.id);
    assert.equal(rows.filter((row) => row.kind === 'reserve').length, 1, `task ${task.id} reserved once`);
    assert.ok(
      rows.filter((row) => row.kind === 'settle' || row.kind === 'refund').length <= 1,
      `task ${task.id} ended once`,
    );
    const net = rows.reduce((sum, row) => sum + Number(row.amount_milli), 0);
    assert.equal(
      net,
      task.state === 'Done' ? -Number(task.price_milli) : 0,
      `task ${task.id} (${task.state}) charged ${-net} milli-credits`,
    );
  }
  const balances = await db.kysely
    .selectFrom('accounts')
    .leftJoin('ledger', 'ledger.account_id', 'accounts.id')
    .select([
      'accounts.id',
      'accounts.balance_milli',
      sql<string>`coalesce(sum(ledger.amount_milli), 0)`.as('ledger_sum'),
    ])
    .groupBy(['accounts.id', 'accounts.balance_milli'])
    .execute();
  for (const account of balances)
    assert.equal(
      Number(account.balance_milli),
      Number(account.ledger_sum),
      `account ${account.id}: balance equals its ledger`,
    );
  const inFlight = await db.kysely.selectFrom('api_keys').select('in_flight').execute();
  assert.deepEqual(
    inFlight.map((row) => Number(row.in_flight)),
    inFlight.map(() => 0),
    'no key keeps a task in flight',
  );
}

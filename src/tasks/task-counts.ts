/** Task counts by state, for the /metrics gauge. */
import type { Db } from '../store/db.ts';
import type { TaskStatus } from './types.ts';

export async function countTasksByState(db: Db): Promise<Record<TaskStatus, number>> {
  const rows = await db.kysely
    .selectFrom('tasks')
    .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
    .groupBy('state')
    .execute();
  const counts: Record<TaskStatus, number> = { Waiting: 0, Generating: 0, Done: 0, Failed: 0 };
  for (const row of rows) counts[row.state as TaskStatus] = Number(row.count);
  return counts;
}

/** `kiln tasks`, `kiln cancel <uuid>`, `kiln delete <uuid>`: the account's task history through the SDK. */
import type { TaskKind, TaskRecord, TaskState } from '../../clients/ts/src/index.ts';
import { call, clientOptions } from './client.ts';
import type { CommonFlags } from './client-commands.ts';
import { CliError, type CliIo } from './output.ts';

export interface TaskListFlags extends CommonFlags {
  state?: string[];
  kind?: string[];
  limit?: string;
  cursor?: string;
  json?: boolean;
}

/** One line per task: uuid, state, kind, progress or error, credits, submission time, prompt. */
export function taskLine(task: TaskRecord): string {
  const job = task.jobs[0];
  const detail =
    task.state === 'Failed'
      ? (task.error?.code ?? 'UNKNOWN')
      : task.state === 'Done'
        ? `${task.files.length} files`
        : `${job?.progress ?? 0}% ${job?.stage ?? ''}`.trim();
  const prompt = task.prompt
    ? `  ${JSON.stringify(task.prompt.length > 60 ? `${task.prompt.slice(0, 57)}…` : task.prompt)}`
    : '';
  return `${task.uuid}  ${task.state.padEnd(10)}  ${task.kind.padEnd(8)}  ${detail.padEnd(16)}  ${String(task.consumed).padStart(4)}  ${task.submit_time}${prompt}`;
}

export async function tasksCommand(io: CliIo, flags: TaskListFlags): Promise<void> {
  const limit = flags.limit === undefined ? undefined : Number(flags.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100))
    throw new CliError(`--limit must be a whole number from 1 to 100; got "${flags.limit}".`, 2);
  const options = clientOptions(io.env, flags);
  const page = await call(options, (client) =>
    client.tasks({
      state: flags.state as TaskState[] | undefined,
      kind: flags.kind as TaskKind[] | undefined,
      limit,
      cursor: flags.cursor,
    }),
  );
  if (flags.json) {
    io.out(JSON.stringify(page));
    return;
  }
  for (const task of page.tasks) io.out(taskLine(task));
  if (page.tasks.length === 0) io.err('No tasks match.');
  if (page.next_cursor) io.err(`More: kiln tasks --cursor ${page.next_cursor}`);
}

export async function cancelCommand(io: CliIo, uuid: string | undefined, flags: CommonFlags): Promise<void> {
  if (!uuid) throw new CliError('Usage: kiln cancel <task uuid>.', 2);
  const options = clientOptions(io.env, flags);
  const record = await call(options, (client) => client.cancel(uuid));
  io.out(taskLine(record));
  io.err(record.error?.message ?? `Task ${uuid} cancelled.`);
}

export async function deleteCommand(io: CliIo, uuid: string | undefined, flags: CommonFlags): Promise<void> {
  if (!uuid) throw new CliError('Usage: kiln delete <task uuid>.', 2);
  const options = clientOptions(io.env, flags);
  await call(options, (client) => client.deleteTask(uuid));
  io.err(`Task ${uuid} and its files deleted (the ledger keeps its charge or refund).`);
}

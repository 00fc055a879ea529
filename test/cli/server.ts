/**
 * A listening API harness (one worker) for the client commands, started before the file's tests and
 * closed after them, with a temporary folder and the env (KILN_URL, KILN_API_KEY) the CLI reads.
 * The returned object is filled in by the `before` hook, so read its fields inside tests.
 */
import { after, before } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineKind } from '../../src/domain/task-spec.ts';
import { startHarness, type Harness } from '../api/harness.ts';

export interface CliServer {
  h: Harness;
  /** A temporary folder for inputs and downloads. */
  dir: string;
  env: NodeJS.ProcessEnv;
}

export function useCliServer(options: { kinds?: EngineKind[]; tempPrefix: string }): CliServer {
  const live = {} as CliServer;
  before(async () => {
    live.h = await startHarness(options.kinds ? { kinds: options.kinds } : {});
    live.h.services.startWorkers({ count: 1 });
    const url = await live.h.app.listen({ port: 0, host: '127.0.0.1' });
    live.dir = await mkdtemp(join(tmpdir(), `${options.tempPrefix}-`));
    live.env = { KILN_URL: url, KILN_API_KEY: live.h.key };
  });
  after(async () => {
    await live.h?.close();
    if (live.dir) await rm(live.dir, { recursive: true, force: true });
  });
  return live;
}

/** The uuid the CLI printed on submitting ("Submitted task …") and that task's record, read over the API. */
export async function submittedRecord(
  cli: CliServer,
  stderr: string[],
): Promise<{ uuid: string; record: Record<string, any> }> {
  const uuid = stderr.join('\n').match(/Submitted task ([0-9a-f-]{36})/)![1];
  const answer = await fetch(`${cli.env.KILN_URL}/api/v2/tasks/${uuid}`, {
    headers: { authorization: `Bearer ${cli.h.key}` },
  });
  return { uuid, record: (await answer.json()) as Record<string, any> };
}

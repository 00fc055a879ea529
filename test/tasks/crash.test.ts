import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { it } from 'node:test';
import { harness, textSpec, waitFor } from './harness.ts';

const CHILD = new URL('./crash-child.ts', import.meta.url).pathname;

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

it('a worker killed mid-job: after restart the job is re-leased, finishes, and is charged once', async () => {
  const env = { KILN_LEASE_MS: '1500', KILN_HEARTBEAT_MS: '200' };
  const h = await harness(env);
  const children: ChildProcess[] = [];
  try {
    const principal = await h.key(5);
    const task = await h.services.tasks.submit({ ...principal, spec: textSpec('sleep=4000'), price: 0.5, inputs: [] });
    const childEnv = { ...env, KILN_DATA_DIR: h.dataDir, KILN_WORKERS: '1' };

    const first = startWorker(childEnv);
    children.push(first);
    await waitFor(
      async () => {
        const jobs = await h.services.tasks.statusBySubscriptionKey(principal.accountId, task.subscriptionKey);
        return jobs[0]!.status === 'Generating' && jobs[0]!.progress >= 15;
      },
      60_000,
      'the first worker to be mid-job',
    );
    first.kill('SIGKILL');
    await once(first, 'exit');
    const midway = await h.services.tasks.get(principal.accountId, task.uuid);
    assert.equal(midway.status, 'Generating', 'the killed run did not finish the task');

    const second = startWorker(childEnv);
    children.push(second);
    const done = await waitFor(
      async () => {
        const record = await h.services.tasks.get(principal.accountId, task.uuid);
        return record.status === 'Done' || record.status === 'Failed' ? record : null;
      },
      60_000,
      'the restarted worker to finish the job',
    );
    assert.equal(done.status, 'Done');
    assert.equal(done.jobs[0]!.attempts, 2, 're-leased once after the lease expired');
    assert.deepEqual(
      done.files.map((file) => file.name),
      ['base_basic_pbr.glb', 'preview.webp'],
    );
    assert.equal(await h.services.accounts.balance(principal.accountId), 4.5, 'charged exactly once');
    assert.deepEqual(
      (await h.services.accounts.ledger(principal.accountId)).map((entry) => entry.kind),
      ['credit', 'reserve', 'settle'],
    );
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await h.cleanup();
  }
});

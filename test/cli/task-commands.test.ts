/** `kiln tasks`, `kiln cancel`, `kiln delete` against a live Kiln (no workers: tasks stay Waiting). */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli/index.ts';
import { startHarness, type Harness } from '../api/harness.ts';
import { captureIo } from './io.ts';

let h: Harness;
let env: NodeJS.ProcessEnv;

before(async () => {
  h = await startHarness();
  env = { KILN_URL: await h.app.listen({ port: 0, host: '127.0.0.1' }), KILN_API_KEY: h.key };
});
after(() => h.close());

test('kiln tasks lists newest first; kiln cancel refunds; kiln delete refuses a running task, then removes it', async () => {
  const submitted = captureIo(env);
  assert.equal(await main(['generate', '--prompt', 'a red kettle', '--no-wait'], submitted), 0);
  const uuid = submitted.stdout[0]!;

  const listed = captureIo(env);
  assert.equal(await main(['tasks', '--state', 'Waiting', '--kind', 'generate'], listed), 0, listed.stderr.join('\n'));
  assert.match(listed.stdout[0]!, new RegExp(`^${uuid}\\s+Waiting\\s+generate`));

  const refused = captureIo(env);
  assert.equal(await main(['delete', uuid], refused), 1);
  assert.match(refused.stderr.join('\n'), /TASK_STILL_RUNNING: .*kiln cancel/);

  const cancelled = captureIo(env);
  assert.equal(await main(['cancel', uuid], cancelled), 0, cancelled.stderr.join('\n'));
  assert.match(cancelled.stdout[0]!, /Failed\s+generate\s+CANCELLED/);
  assert.match(cancelled.stderr.join('\n'), /refunded/);

  const again = captureIo(env);
  assert.equal(await main(['cancel', uuid], again), 1);
  assert.match(again.stderr.join('\n'), /TASK_ALREADY_ENDED/);

  const deleted = captureIo(env);
  assert.equal(await main(['delete', uuid], deleted), 0, deleted.stderr.join('\n'));
  const json = captureIo(env);
  assert.equal(await main(['tasks', '--json'], json), 0);
  assert.deepEqual(JSON.parse(json.stdout[0]!), { tasks: [], next_cursor: null });

  const bad = captureIo(env);
  assert.equal(await main(['tasks', '--limit', '500'], bad), 2);
  process.exitCode = 0; // main() marks refusals on the process; these were expected
});

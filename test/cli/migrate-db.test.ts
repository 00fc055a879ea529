/**
 * `kiln migrate-db`: an embedded installation (SQLite) with a Done task, a Waiting one and one cut
 * short while Generating moves into an empty PostgreSQL database; on the new stack the same key works,
 * balances equal their ledgers, old files are listed, and the two unfinished tasks run to Done.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import { createServices } from '../../src/services.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { main } from '../../src/cli/index.ts';
import { FIXTURE_ENGINE_URL, multipart, startHarness, type Harness } from '../api/harness.ts';
import { png } from '../api/images.ts';
import { PG_SKIP_MESSAGE, postgresReachable } from '../support/external-services.ts';
import { postgresTestSchema } from '../store/databases.ts';
import { captureIo } from './io.ts';

let skip: string | false = false;
let h: Harness | undefined;
let schema: Awaited<ReturnType<typeof postgresTestSchema>> | undefined;
before(async () => {
  skip = (await postgresReachable()) ? false : PG_SKIP_MESSAGE;
  if (skip) return;
  h = await startHarness();
  schema = await postgresTestSchema();
});
after(async () => {
  await h?.close();
  await schema?.drop();
});

test('migrate-db moves accounts, ledger and tasks into PostgreSQL and the unfinished tasks run there', {
  timeout: 120_000,
}, async (t) => {
  if (skip) return t.skip(skip);
  const submit = async () => {
    const body = multipart([{ name: 'images', data: await png(), filename: '0000.png' }]);
    return (
      await h!.app.inject({
        method: 'POST',
        url: '/api/v2/generate',
        headers: { ...h!.auth, ...body.headers },
        payload: body.payload,
      })
    ).json();
  };
  const pool = h!.services.startWorkers({ count: 1 });
  const done = await submit();
  await pool.idle();
  await pool.stop();
  const waiting = await submit();
  const cut = await submit();
  await h!.services.db.kysely
    .updateTable('jobs')
    .set({ state: 'Generating', attempts: 1 })
    .where('task_id', '=', cut.uuid)
    .execute();
  await h!.services.db.kysely.updateTable('tasks').set({ state: 'Generating' }).where('id', '=', cut.uuid).execute();
  const balanceBefore = (await h!.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h!.auth })).json()
    .balance;

  const env = {
    ...process.env,
    KILN_DATA_DIR: h!.dataDir,
    KILN_SIGNING_SECRET: 'test-signing-secret',
    DATABASE_URL: schema!.url,
    REDIS_URL: '',
  };
  const io = captureIo(env);
  assert.equal(await main(['migrate-db'], io), 0, io.stderr.join('\n'));
  assert.match(
    io.stdout.join('\n'),
    /migrated \d+ rows in \d+ tables; 2 waiting jobs queued \(1 were interrupted runs\)/,
  );
  assert.match(io.stderr.join('\n'), /ledger: 5 rows/, 'credit, 3 reserves and the Done task’s settle');

  const again = captureIo(env);
  assert.equal(await main(['migrate-db'], again), 1);
  assert.match(again.stderr.join('\n'), /already holds accounts; migrate into an empty database/);
  process.exitCode = 0;

  const config = loadConfig(env);
  const engines = new EngineRegistry();
  engines.register('generate-image', FIXTURE_ENGINE_URL);
  const services = await createServices(config, { engines, builtins: false });
  try {
    assert.equal(services.db.dialect, 'postgres');
    const principal = await services.accounts.authenticate(h!.key);
    assert.ok(principal, 'the old key authenticates against PostgreSQL');
    assert.equal(await services.accounts.balance(principal!.accountId), balanceBefore);
    assert.equal(
      (await services.tasks.files(principal!.accountId, done.uuid)).length,
      2,
      'the Done task still lists its files',
    );
    const newPool = services.startWorkers({ count: 1 });
    await newPool.idle();
    for (const uuid of [waiting.uuid, cut.uuid])
      assert.equal((await services.tasks.get(principal!.accountId, uuid)).status, 'Done');
    const ledgerSum = await services.db.kysely
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<string>('amount_milli').as('sum'))
      .executeTakeFirstOrThrow();
    const account = await services.db.kysely.selectFrom('accounts').select('balance_milli').executeTakeFirstOrThrow();
    assert.equal(Number(account.balance_milli), Number(ledgerSum.sum));
    const keys = await services.db.kysely.selectFrom('api_keys').select('in_flight').execute();
    assert.deepEqual(
      keys.map((key) => Number(key.in_flight)),
      [0],
    );
  } finally {
    await services.close();
  }
});

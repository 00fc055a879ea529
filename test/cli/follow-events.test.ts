/** The CLI follows tasks through the event stream and falls back to polling /status when there is none. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { main } from '../../src/cli/index.ts';
import { buildApp } from '../../src/api/index.ts';
import { startHarness, type Harness } from '../api/harness.ts';
import { captureIo } from './io.ts';

let h: Harness;
let withoutStream: FastifyInstance;
let env: NodeJS.ProcessEnv;
let oldEnv: NodeJS.ProcessEnv;

before(async () => {
  h = await startHarness();
  h.services.startWorkers({ count: 1 });
  env = { KILN_URL: await h.app.listen({ port: 0, host: '127.0.0.1' }), KILN_API_KEY: h.key };
  // The same services behind an app without the stream, like a Kiln from before it existed.
  withoutStream = await buildApp({
    services: { ...h.services, feed: undefined },
    config: h.config,
    processMetrics: false,
  });
  oldEnv = { ...env, KILN_URL: await withoutStream.listen({ port: 0, host: '127.0.0.1' }) };
});
/** Counts /status calls the server answers (the CLI's polling path goes through them). */
function countStatusCalls(): { stop(): number } {
  const original = h.services.tasks.statusBySubscriptionKey;
  let calls = 0;
  h.services.tasks.statusBySubscriptionKey = (...args) => {
    calls++;
    return original.apply(h.services.tasks, args);
  };
  return {
    stop() {
      h.services.tasks.statusBySubscriptionKey = original;
      return calls;
    },
  };
}

after(async () => {
  await withoutStream.close();
  await h.close();
});

test('kiln generate --no-wait then kiln status --wait follows the event stream to Done (no /status polling)', async () => {
  const submitted = captureIo(env);
  assert.equal(await main(['generate', '--prompt', 'a vase', '--no-wait'], submitted), 0);
  const key = submitted.stderr.join('\n').match(/Subscription key: (\S+)/)![1]!;
  const waited = captureIo(env);
  const statusCalls = countStatusCalls();
  assert.equal(await main(['status', key, '--wait', '--interval', '0.02'], waited), 0, waited.stderr.join('\n'));
  assert.ok(statusCalls.stop() <= 2, 'one /status before and one after the stream, none while waiting');
  assert.match(waited.stdout[0]!, /Done\s+100%/);
  assert.ok(
    waited.stderr.some((line) => /100% Done/.test(line)),
    waited.stderr.join('\n'),
  );
});

test('kiln generate waits through the stream; against a server without it, it polls /status instead', async () => {
  for (const target of [env, oldEnv]) {
    const io = captureIo(target);
    assert.equal(await main(['generate', '--prompt', 'a cup', '--no-wait'], io), 0);
    const key = io.stderr.join('\n').match(/Subscription key: (\S+)/)![1]!;
    const waited = captureIo(target);
    assert.equal(await main(['status', key, '--wait', '--interval', '0.05'], waited), 0, waited.stderr.join('\n'));
    assert.match(waited.stdout[0]!, /Done\s+100%/);
  }
  const noStream = await fetch(`${oldEnv.KILN_URL}/api/v2/tasks/x/events`, {
    headers: { authorization: `Bearer ${h.key}` },
  });
  assert.equal(noStream.status, 404, 'the fallback server really has no stream');
});

test('kiln keys set-webhook / webhook-secret / create --webhook: private targets refused, the secret printed alone', async () => {
  const admin = {
    ...process.env,
    KILN_DATA_DIR: h.dataDir,
    LOG_LEVEL: 'silent',
    KILN_SIGNING_SECRET: 'test-signing-secret',
  };
  const keyId = (await h.services.accounts.authenticate(h.key))!.keyId;
  const refused = captureIo(admin);
  assert.equal(await main(['keys', 'set-webhook', keyId, 'http://192.168.1.20/hook'], refused), 2);
  assert.match(refused.stderr.join('\n'), /private or link-local address.*KILN_WEBHOOK_ALLOW_PRIVATE/);
  const set = captureIo(admin);
  assert.equal(await main(['keys', 'set-webhook', keyId, 'https://93.184.215.14/kiln'], set), 0, set.stderr.join('\n'));
  assert.match(set.stdout.join('\n'), /webhooks go to https:\/\/93\.184\.215\.14\/kiln/);
  const secret = captureIo(admin);
  assert.equal(await main(['keys', 'webhook-secret', keyId], secret), 0);
  assert.match(secret.stdout.at(-1)!, /^whsec_[A-Za-z0-9_-]{32}$/);
  assert.equal(secret.stdout.at(-1), (await h.services.webhooks.keySecret(keyId)).secret);
  const created = captureIo(admin);
  assert.equal(await main(['keys', 'create', '--webhook', 'http://127.0.0.1/x'], created), 2);
  assert.equal((await h.services.accounts.listKeys()).length, 1, 'no key made for a refused webhook');
  process.exitCode = 0; // main() marks refusals on the process; these were expected
});

/** kill -9 of the server with webhook deliveries pending: after a restart every event is delivered. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { startReceiver } from './webhook-receiver.ts';
import { loadConfig } from '../../src/config.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { createServices } from '../../src/services.ts';

const CHILD = new URL('./server-child.ts', import.meta.url).pathname;

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /^port=(\d+)$/.exec(line);
    if (match) return { child, base: `http://127.0.0.1:${match[1]}` };
  }
  throw new Error('the server child exited before listening');
}

test('kill -9 with deliveries pending: the restarted server delivers every event, each id at least once', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-webhook-crash-'));
  const receiver = await startReceiver();
  receiver.answer(() => 503); // the receiver is down while the first server runs
  const env = {
    KILN_DATA_DIR: dataDir,
    KILN_SIGNING_SECRET: 'crash-test',
    KILN_WEBHOOK_ALLOW_PRIVATE: 'true',
    KILN_WEBHOOK_BACKOFF_MS: '100',
    KILN_WEBHOOK_TIMEOUT_MS: '1000',
    KILN_WORKERS: '1',
  };
  const children: ChildProcess[] = [];
  try {
    const first = await startServer(env);
    children.push(first.child);
    const admin = await createServices(loadConfig(env), { engines: new EngineRegistry(), builtins: false });
    const { key } = await admin.accounts.createKey({ credits: 10 });
    await admin.close();
    const uuids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${first.base}/api/v2/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `crate ${i}`, webhook_url: receiver.url }),
      });
      assert.equal(response.status, 201, await response.clone().text());
      uuids.push((await response.json()).uuid);
    }
    // Every task done and each event tried (and refused) at least once: deliveries are pending.
    await receiver.until((all) => uuids.every((uuid) => all.some((hook) => hook.json.task_uuid === uuid)), 60_000);
    // The receiver sees an attempt before the server logs its answer: kill only once every refusal is logged.
    const logged = async (uuid: string) => {
      const record = await (
        await fetch(`${first.base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })
      ).json();
      return (record.webhooks?.[0]?.attempts ?? 0) >= 1;
    };
    const deadline = Date.now() + 60_000;
    while (!(await Promise.all(uuids.map(logged))).every(Boolean)) {
      assert.ok(Date.now() < deadline, 'the first server logs each refused attempt');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    assert.ok(
      receiver.received.every((hook) => hook.answeredWith === 503),
      'nothing was delivered before the kill',
    );

    receiver.answer(() => 200);
    const second = await startServer(env);
    children.push(second.child);
    await receiver.until(
      (all) => uuids.every((uuid) => all.some((hook) => hook.json.task_uuid === uuid && hook.answeredWith === 200)),
      60_000,
    );
    const delivered = receiver.received.filter((hook) => hook.answeredWith === 200);
    assert.deepEqual([...new Set(delivered.map((hook) => hook.json.task_uuid))].sort(), [...uuids].sort());
    for (const uuid of uuids) {
      const record = await (
        await fetch(`${second.base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })
      ).json();
      assert.equal(record.webhooks[0].state, 'delivered');
      assert.ok(record.webhooks[0].attempts >= 2, 'the log keeps the attempts from before the kill');
    }
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

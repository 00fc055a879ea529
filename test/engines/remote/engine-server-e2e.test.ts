/**
 * `kiln engine-server` as a separate process, and a Kiln configured with
 * KILN_ENGINE_GENERATE_TEXT=kiln:http://… using it: the asset is the same, byte for byte, as the one the
 * in-process engine makes for the same request and seed. Also the protocol's refusals, and its bearer
 * token: the server is started with KILN_ENGINE_TOKEN and the remote Kilns send it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { downloadList, fetchAll, submit, waitDone, waitFinished, type Server } from '../../e2e/engines/server.ts';
import { startKiln } from './kiln.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { sphereScene } from './fake-hunyuan3d.ts';
import { KILN_ENGINE_PROTOCOL } from '../../../src/engines/remote/index.ts';

const bin = new URL('../../../bin/kiln.mjs', import.meta.url).pathname;
let child: ChildProcess;
let engineUrl: string;
const TOKEN = 'engine-test-token';
const authorized = { authorization: `Bearer ${TOKEN}` };

before(async () => {
  child = spawn(process.execPath, [bin, 'engine-server', '--port', '0'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', KILN_WORKERS: '1', KILN_ENGINE_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  engineUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk) => {
      text += chunk;
      const match = /Kiln engine server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`engine-server exited early with ${code}: ${text}`)));
  });
});

after(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

async function generate(kiln: Server): Promise<Map<string, Uint8Array>> {
  const accepted = await submit(kiln, '/api/v2/rodin', {
    prompt: 'a small wooden stool',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
    seed: '4242',
  });
  await waitDone(kiln, accepted);
  return fetchAll(await downloadList(kiln, accepted.uuid));
}

describe('kiln engine-server', () => {
  it('answers its health check with the protocol and its kinds', async () => {
    const health = await (await fetch(`${engineUrl}/v1/health`, { headers: authorized })).json();
    assert.equal(health.protocol, KILN_ENGINE_PROTOCOL);
    assert.deepEqual([...health.kinds].sort(), [
      'bang',
      'convert',
      'generate-image',
      'generate-text',
      'rig',
      'texture',
    ]);
  });

  it('refuses a malformed job and an unknown one with JSON errors', async () => {
    const bad = await fetch(`${engineUrl}/v1/jobs`, {
      method: 'POST',
      headers: authorized,
      body: '{"kind":"generate-text"}',
    });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, 'INVALID_REQUEST');
    const missing = await fetch(`${engineUrl}/v1/jobs/no-such-job`, { headers: authorized });
    assert.equal(missing.status, 404);
  });

  it('refuses every request without its token, or with another one, before reading the body', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/v1/health'],
        ['POST', '/v1/jobs'],
        ['GET', '/v1/jobs/x/files/a.glb'],
      ]) {
        const answer = await fetch(`${engineUrl}${path}`, {
          method,
          headers,
          body: method === 'POST' ? '{}' : undefined,
        });
        assert.equal(answer.status, 401, `${method} ${path} with ${JSON.stringify(headers)}`);
        const body = await answer.json();
        assert.equal(body.error, 'UNAUTHORIZED');
        assert.match(body.message, /KILN_ENGINE_TOKEN/);
      }
    }
  });

  it('a Kiln without the token fails the task and says which setting to change', { timeout: 120_000 }, async () => {
    const remote = await startKiln({
      KILN_ENGINE_GENERATE_TEXT: `kiln:${engineUrl}`,
      KILN_REMOTE_POLL_MS: '50',
      KILN_REMOTE_RETRIES: '0',
    });
    try {
      const accepted = await submit(remote, '/api/v2/rodin', {
        prompt: 'a small wooden stool',
        tier: 'Gen-2.5-Extreme-Low',
        quality: 'extra-low',
        seed: '1',
      });
      const failed = await waitFinished(remote, accepted);
      assert.equal(failed.status, 'Failed');
      assert.match(JSON.stringify(failed), /KILN_ENGINE_TOKEN/);
    } finally {
      await remote.close();
    }
  });

  it('a Kiln using it produces the same files, byte for byte, as the in-process engine', {
    timeout: 600_000,
  }, async () => {
    const remote = await startKiln({
      KILN_ENGINE_GENERATE_TEXT: `kiln:${engineUrl}`,
      KILN_REMOTE_POLL_MS: '50',
      KILN_ENGINE_TOKEN: TOKEN,
    });
    const local = await startKiln({});
    try {
      const viaServer = await generate(remote);
      const inProcess = await generate(local);
      assert.deepEqual([...viaServer.keys()].sort(), [...inProcess.keys()].sort());
      for (const [name, bytes] of inProcess)
        assert.ok(Buffer.from(bytes).equals(Buffer.from(viaServer.get(name)!)), `${name} differs`);
      assert.ok([...inProcess.keys()].some((name) => name.endsWith('.glb')));
    } finally {
      await remote.close();
      await local.close();
    }
  });

  it('serves Bang too: an uploaded model split remotely gives the same pieces as in process', {
    timeout: 600_000,
  }, async () => {
    const model = await writeGlb(sphereScene(24, 48));
    const remote = await startKiln({
      KILN_ENGINE_BANG: `kiln:${engineUrl}`,
      KILN_REMOTE_POLL_MS: '50',
      KILN_ENGINE_TOKEN: TOKEN,
    });
    const local = await startKiln({});
    const bang = async (kiln: Server) => {
      const accepted = await submit(kiln, '/api/v2/bang', { strength: '3', material: 'None' }, [
        { field: 'model', bytes: model, filename: 'ball.glb' },
      ]);
      await waitDone(kiln, accepted);
      return fetchAll(await downloadList(kiln, accepted.uuid));
    };
    try {
      const viaServer = await bang(remote);
      const inProcess = await bang(local);
      assert.deepEqual([...viaServer.keys()].sort(), [...inProcess.keys()].sort());
      for (const [name, bytes] of inProcess)
        assert.ok(Buffer.from(bytes).equals(Buffer.from(viaServer.get(name)!)), `${name} differs`);
    } finally {
      await remote.close();
      await local.close();
    }
  });
});

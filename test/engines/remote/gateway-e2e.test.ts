/**
 * Kiln as a gateway, through its HTTP API, once per adapter (PROVIDERS: the hosted providers and the
 * keyless Hunyuan3D-2.1 server): image-to-3D and text-to-3D where the provider has them end Done at
 * Kiln's exact budget and 2K texture, the task record names the engine, /metrics counts it, Bang
 * splits the result like any asset, and no answer, record, log line (debug level), metric or stored
 * byte holds the provider key. The key comes from a file (KILN_<ADAPTER>_API_KEY_FILE) here; the
 * conformance suite covers the plain variable. A provider without text-to-3D says so: the text task
 * fails, refunded, with that reason.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { png } from '../../api/images.ts';
import {
  balance,
  downloadList,
  fetchAll,
  submit,
  waitDone,
  waitFinished,
  type Accepted,
  type Server,
} from '../../e2e/engines/server.ts';
import { PROVIDERS } from '../../support/provider-fakes/index.ts';
import type { ProviderFake } from '../../support/provider-fakes/types.ts';
import { apiKeyVariable } from '../../../src/engines/remote/api-key.ts';
import { assertValidGlb, readGlb } from '../generate/glb-checks.ts';
import { fakeModel } from './fake-hunyuan3d.ts';
import { FAST_REMOTE_ENV, startKiln } from './kiln.ts';

const closers: { close(): Promise<void> }[] = [];
after(async () => {
  for (const closer of closers.reverse()) await closer.close();
});

let picture: Uint8Array;
before(async () => {
  picture = await png(64, 64, [30, 90, 200]);
});

/** A logger at debug level whose lines are kept for grepping. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

/** Every file under `dir` (the database, its journal, the blobs) whose bytes contain `secret`. */
async function filesHolding(dir: string, secret: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path).catch(() => undefined);
    if (bytes?.includes(secret)) found.push(path);
  }
  return found;
}

/** Everything a client can read about a task, as text: the status answer and the task record. */
async function clientView(kiln: Server, accepted: Accepted): Promise<{ text: string; record: any }> {
  const headers = { authorization: `Bearer ${kiln.key}`, 'content-type': 'application/json' };
  const status = await (
    await fetch(`${kiln.base}/api/v2/status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ subscription_key: accepted.jobs.subscription_key }),
    })
  ).text();
  const recordText = await (await fetch(`${kiln.base}/api/v2/tasks/${accepted.uuid}`, { headers })).text();
  return { text: status + recordText, record: JSON.parse(recordText) };
}

for (const provider of PROVIDERS) {
  describe(`gateway end to end: ${provider.adapter}`, () => {
    const key = `sk-e2e-${provider.adapter}-${randomUUID()}`;
    const variable = `${apiKeyVariable(provider.adapter)}_FILE`;
    let fake: ProviderFake;
    let kiln: Server;
    let keyDir: string;
    const { logger, lines } = capturingLogger();
    const seen: string[] = [];

    before(async () => {
      // A mounted secret, as Docker and Kubernetes give it (trailing newline included).
      keyDir = await mkdtemp(join(tmpdir(), 'kiln-gateway-key-'));
      await writeFile(join(keyDir, 'key'), `${key}\n`);
      process.env[variable] = join(keyDir, 'key');
      fake = await provider.startFake({ apiKey: key, glb: await fakeModel(), behaviour: 'success' });
      closers.push(fake);
      const env: Record<string, string> = { ...FAST_REMOTE_ENV };
      for (const kind of provider.kinds)
        env[kind === 'generate-image' ? 'KILN_ENGINE_GENERATE_IMAGE' : 'KILN_ENGINE_GENERATE_TEXT'] =
          `${provider.adapter}:${fake.url}; builtin`;
      // Without text-to-3D, the provider alone is the text chain: its refusal must reach the client.
      if (provider.noText) env.KILN_ENGINE_GENERATE_TEXT = `${provider.adapter}:${fake.url}`;
      kiln = await startKiln(env, { logger, credits: 200 });
      closers.push(kiln);
    });
    after(async () => {
      delete process.env[variable];
      await rm(keyDir, { recursive: true, force: true });
    });

    async function generate(fields: Record<string, string>, images: boolean) {
      const accepted = await submit(
        kiln,
        '/api/v2/rodin',
        { tier: 'Gen-2.5-Low', quality_override: '3000', preview_render: 'false', ...fields },
        images ? [{ field: 'images', bytes: picture, filename: 'chair.png' }] : [],
      );
      seen.push(JSON.stringify(accepted));
      await waitDone(kiln, accepted);
      const files = await fetchAll(await downloadList(kiln, accepted.uuid));
      const glb = [...files.entries()].find(([name]) => name.endsWith('.glb'))![1];
      await assertValidGlb(glb);
      const { faces, sizes } = await readGlb(glb);
      assert.ok(Math.abs(faces - 3000) <= 30, `faces ${faces} within 1 % of 3000`);
      assert.deepEqual(sizes[0], [2048, 2048]);
      const view = await clientView(kiln, accepted);
      seen.push(view.text);
      assert.equal(view.record.notes?.engine, provider.adapter, 'the record names the engine that made the asset');
      return accepted;
    }

    const modes = provider.kinds.map((kind) => (kind === 'generate-image' ? 'image' : 'text'));
    let made: Accepted | undefined;
    for (const mode of modes) {
      it(`${mode} to 3D is Done at Kiln's exact budget and texture size`, { timeout: 300_000 }, async () => {
        const accepted = await generate(mode === 'text' ? { prompt: 'a red and white ball' } : {}, mode === 'image');
        made ??= accepted;
      });
    }

    if (provider.noText) {
      it(`text to 3D: ${provider.noText}; the task fails, refunded, saying so`, { timeout: 300_000 }, async () => {
        const before = await balance(kiln);
        const accepted = await submit(kiln, '/api/v2/rodin', {
          tier: 'Gen-2.5-Low',
          quality: 'extra-low',
          preview_render: 'false',
          prompt: 'a red and white ball',
        });
        seen.push(JSON.stringify(accepted));
        const job = await waitFinished(kiln, accepted);
        assert.equal(job.status, 'Failed');
        assert.equal(await balance(kiln), before, 'refunded');
        const view = await clientView(kiln, accepted);
        seen.push(view.text);
        assert.match(view.text, /makes models from a picture only/);
        assert.match(view.text, new RegExp(`${provider.adapter} at ${fake.url.replace(/[.]/g, '\\.')}`));
      });
    }

    it('Bang splits the gateway asset like any other', { timeout: 300_000 }, async () => {
      assert.ok(made, 'a generated asset');
      const accepted = await submit(kiln, '/api/v2/bang', { asset_id: made.uuid, strength: '1', material: 'None' });
      await waitDone(kiln, accepted);
      const files = await fetchAll(await downloadList(kiln, accepted.uuid));
      const glb = [...files.entries()].find(([name]) => name.endsWith('.glb'));
      assert.ok(glb, `Bang output: ${[...files.keys()]}`);
      await assertValidGlb(glb[1]);
      const { doc } = await readGlb(glb[1]);
      assert.ok(doc.getRoot().listNodes().length >= 2, 'several pieces');
    });

    it('/metrics counts the engine, and no answer, record, log line or metric holds the key', async () => {
      const metrics = await (await fetch(`${kiln.base}/metrics`)).text();
      assert.match(
        metrics,
        new RegExp(`kiln_engine_tasks_total\\{kind="generate-[a-z]+",engine="${provider.adapter}"\\} [1-9]`),
      );
      assert.match(metrics, /kiln_engine_duration_seconds_count/);
      assert.ok(lines.length > 0, 'the logger saw the run');
      for (const text of [...seen, ...lines, metrics])
        assert.ok(!text.includes(key), `the key leaked: ${text.slice(0, 300)}`);
      assert.deepEqual(await filesHolding(kiln.dataDir, key), [], 'no stored record or blob holds the key');
    });
  });
}

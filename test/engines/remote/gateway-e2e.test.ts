/**
 * Kiln as a gateway, through its HTTP API, once per hosted provider (PROVIDERS): image-to-3D and
 * text-to-3D where the provider has them end Done at Kiln's exact budget and 2K texture, the task
 * record names the engine, /metrics counts it, Bang splits the result like any asset, and no answer,
 * record, log line or metric holds the provider key.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { png } from '../../api/images.ts';
import { downloadList, fetchAll, submit, waitDone, type Accepted, type Server } from '../../e2e/engines/server.ts';
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
    const variable = apiKeyVariable(provider.adapter);
    let fake: ProviderFake;
    let kiln: Server;
    const { logger, lines } = capturingLogger();
    const seen: string[] = [];

    before(async () => {
      process.env[variable] = key;
      fake = await provider.startFake({ apiKey: key, glb: await fakeModel(), behaviour: 'success' });
      closers.push(fake);
      const env: Record<string, string> = { ...FAST_REMOTE_ENV };
      for (const kind of provider.kinds)
        env[kind === 'generate-image' ? 'KILN_ENGINE_GENERATE_IMAGE' : 'KILN_ENGINE_GENERATE_TEXT'] =
          `${provider.adapter}:${fake.url}; builtin`;
      kiln = await startKiln(env, { logger, credits: 200 });
      closers.push(kiln);
    });
    after(() => {
      delete process.env[variable];
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
    });
  });
}

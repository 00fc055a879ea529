/**
 * What the conformance suite does not reach in the stability and rodin adapters, run against their
 * fakes without the output pipeline (fast): KILN_STABILITY_MODEL's routes and refusal, Stability's
 * content-moderation 403 (the input refused, not the key), text refused by Stability, Rodin's
 * picture order and multi-view form, its credits in the notes, and a 201 that carries an `error`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { RemoteSettings } from '../../../src/config.ts';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import { rawRequest } from '../../../src/domain/raw-request.ts';
import { RemoteFailure, type AdapterContext } from '../../../src/engines/remote/adapter.ts';
import { rodinAdapter } from '../../../src/engines/remote/rodin.ts';
import { stabilityAdapter, stabilityModel } from '../../../src/engines/remote/stability.ts';
import { png } from '../../api/images.ts';
import { RODIN_FAKE_CREDITS, startRodinFake } from '../../support/provider-fakes/rodin.ts';
import { startStabilityFake } from '../../support/provider-fakes/stability.ts';
import { fakeModel } from './fake-hunyuan3d.ts';

const SETTINGS: RemoteSettings = {
  concurrency: 1,
  stageTimeoutMs: 2_000,
  requestTimeoutMs: 5_000,
  pollMs: 10,
  retries: 0,
  unhealthyMs: 60_000,
  fallback: false,
  repair: true,
  rateLimitRetries: 0,
  backoffMs: 50,
};
const KEY = 'sk-unit-0123456789abcdef';

let front: Uint8Array;
let side: Uint8Array;
let glb: Uint8Array;
const closers: { close(): Promise<void> }[] = [];
before(async () => {
  front = await png(32, 32, [30, 90, 200]);
  side = await png(48, 48, [200, 90, 30]);
  glb = await fakeModel();
});
after(async () => {
  await Promise.all(closers.map((closer) => closer.close()));
});

function job(fields: Record<string, string>, images: Uint8Array[], labels?: string) {
  const files = images.map((bytes, i) => ({ field: 'images', filename: `view-${i}.png`, bytes }));
  const extra = labels ? { image_label: labels } : {};
  const { spec, inputs } = resolveGenerateRequest(
    rawRequest({ preview_render: 'false', tier: 'Gen-2.5-Low', ...extra, ...fields }, files),
    { randomSeed: () => 7 },
  );
  return { taskId: 't', spec, inputs: inputs.map(({ field, filename, bytes }) => ({ field, filename, bytes })) };
}

function context(endpoint: string): AdapterContext {
  return { endpoint, settings: SETTINGS, signal: new AbortController().signal, apiKey: KEY, progress: () => undefined };
}

describe('stability adapter', () => {
  it('KILN_STABILITY_MODEL picks the route; an unknown model is refused naming the variable and the choices', async () => {
    assert.equal(stabilityModel({}), 'stable-fast-3d');
    assert.equal(stabilityModel({ KILN_STABILITY_MODEL: 'spar3d' }), 'spar3d');
    assert.throws(
      () => stabilityModel({ KILN_STABILITY_MODEL: 'sf4d' }),
      /KILN_STABILITY_MODEL is "sf4d"; set it to one of stable-fast-3d, spar3d/,
    );
    const fake = await startStabilityFake({ apiKey: KEY, glb, behaviour: 'success' });
    closers.push(fake);
    const previous = process.env.KILN_STABILITY_MODEL;
    process.env.KILN_STABILITY_MODEL = 'spar3d';
    try {
      const output = await stabilityAdapter.run(job({}, [front]), context(fake.url));
      assert.equal(output.type, 'model');
      assert.deepEqual(output.notes, { upstreamModel: 'spar3d' });
    } finally {
      if (previous === undefined) delete process.env.KILN_STABILITY_MODEL;
      else process.env.KILN_STABILITY_MODEL = previous;
    }
    const posted = fake.requests.filter((request) => request.method === 'POST');
    assert.deepEqual(
      posted.map((request) => request.path),
      ['/v2beta/3d/stable-point-aware-3d'],
    );
    assert.equal(fake.forms[0].seed, '7');
    assert.equal(fake.forms[0].texture_resolution, '2048');
    assert.equal(fake.forms[0].image, 'image/png');
  });

  it('a content-moderation 403 refuses the input; it is not called a bad key', async () => {
    const server = createServer((_request, response) => {
      response
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'e1', name: 'content_moderation', errors: ['Your request was flagged'] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await assert.rejects(stabilityAdapter.run(job({}, [front]), context(url)), (error: unknown) => {
      assert.ok(error instanceof RemoteFailure);
      assert.equal(error.kind, 'refused');
      assert.match(error.message, /HTTP 403.*content_moderation/);
      return true;
    });
  });

  it('text to 3D is refused before any request (Stability makes models from a picture only)', async () => {
    const fake = await startStabilityFake({ apiKey: KEY, glb, behaviour: 'success' });
    closers.push(fake);
    await assert.rejects(
      stabilityAdapter.run(job({ prompt: 'a ball' }, []), context(fake.url)),
      (error: unknown) => error instanceof RemoteFailure && error.kind === 'refused',
    );
    assert.equal(fake.requests.length, 0);
  });
});

describe('rodin adapter', () => {
  it('sends the front view first with every other view, and reports the credits Rodin says it consumed', async () => {
    const fake = await startRodinFake({ apiKey: KEY, glb, behaviour: 'success' });
    closers.push(fake);
    const output = await rodinAdapter.run(
      job({ quality_override: '3000', prompt: 'a vase' }, [side, front], 'R,F'),
      context(fake.url),
    );
    assert.equal(output.type, 'model');
    assert.deepEqual(output.notes?.upstreamCost, { amount: RODIN_FAKE_CREDITS, unit: 'rodin credits' });
    const [form] = fake.forms;
    assert.deepEqual(form.imageSizes, [front.byteLength, side.byteLength], 'the front (F) view first, then the rest');
    assert.equal(form.fields.quality_override, '3000');
    assert.equal(form.fields.tier, 'Gen-2.5-Low');
    assert.equal(form.fields.prompt, 'a vase');
    assert.equal(form.fields.geometry_file_format, 'glb');
    assert.ok(
      output.type === 'model' && output.glb.byteLength === glb.byteLength,
      'the .glb of the list, not the preview',
    );
  });

  it('a 201 that carries an `error` was not accepted', async () => {
    const server = createServer((_request, response) => {
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'INVALID_REQUEST', message: 'images: unsupported file' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await assert.rejects(rodinAdapter.run(job({}, [front]), context(url)), (error: unknown) => {
      assert.ok(error instanceof RemoteFailure);
      assert.equal(error.kind, 'refused');
      assert.match(error.message, /did not accept the task \(INVALID_REQUEST\).*unsupported file/);
      return true;
    });
  });
});

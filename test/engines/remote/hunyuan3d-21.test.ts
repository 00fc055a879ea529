/**
 * The hunyuan3d adapter against a Hunyuan3D-2.1 server (test/support/provider-fakes/hunyuan3d.ts): told apart by its
 * health route, fields inside 2.1's ranges, untextured jobs on the synchronous route, text refused so
 * the chain moves on, and the server's fall-back to an untextured mesh noticed and said in the notes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RemoteSettings } from '../../../src/config.ts';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import { rawRequest } from '../../../src/domain/raw-request.ts';
import { EngineError } from '../../../src/engines/engine.ts';
import { parseEngineChain } from '../../../src/engines/remote/config.ts';
import { createRemoteEngine } from '../../../src/engines/remote/engine.ts';
import { HUNYUAN21_RANGES, hunyuan21Request, hunyuan3dAdapter } from '../../../src/engines/remote/hunyuan3d.ts';
import { png } from '../../api/images.ts';
import { assertValidGlb, readGlb } from '../generate/glb-checks.ts';
import { startFakeHunyuan, type FakeHunyuan } from './fake-hunyuan3d.ts';
import { startFakeHunyuan21, type Fake21Mode, type FakeHunyuan21 } from '../../support/provider-fakes/hunyuan3d.ts';

const SETTINGS: RemoteSettings = {
  concurrency: 1,
  stageTimeoutMs: 600,
  requestTimeoutMs: 5_000,
  pollMs: 15,
  retries: 0,
  unhealthyMs: 60_000,
  fallback: false,
  repair: true,
  rateLimitRetries: 0,
  backoffMs: 50,
};

let picture: Uint8Array;
const fakes: { close(): Promise<void> }[] = [];
before(async () => {
  picture = await png(64, 64, [30, 90, 200]);
});
after(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function fake21(mode: Fake21Mode = 'ok'): Promise<FakeHunyuan21> {
  const started = await startFakeHunyuan21({ mode });
  fakes.push(started);
  return started;
}

function job(fields: Record<string, string>, images: Uint8Array[]) {
  const files = images.map((bytes, i) => ({ field: 'images', filename: `view-${i}.png`, bytes }));
  const { spec, inputs } = resolveGenerateRequest(rawRequest({ preview_render: 'false', ...fields }, files), {
    randomSeed: () => 7,
  });
  return { spec, inputs: inputs.map(({ field, filename, bytes }) => ({ field, filename, bytes })) };
}

function run(chain: string, request: ReturnType<typeof job>) {
  const kind = request.spec.kind === 'generate' && request.spec.mode === 'text' ? 'generate-text' : 'generate-image';
  const engine = createRemoteEngine({ kind, chain: parseEngineChain(kind, chain), settings: SETTINGS });
  return engine.run({
    taskId: randomUUID(),
    spec: request.spec,
    inputs: request.inputs,
    signal: new AbortController().signal,
    progress: () => undefined,
  });
}

describe('hunyuan3d adapter against a Hunyuan3D-2.1 server', () => {
  it('passes the health check on GET /health', async () => {
    const server = await fake21();
    await hunyuan3dAdapter.health({
      endpoint: server.url,
      settings: SETTINGS,
      signal: new AbortController().signal,
      apiKey: undefined,
    });
    assert.deepEqual(
      server.requests.map((request) => `${request.method} ${request.path}`),
      ['GET /health'],
    );
  });

  it('image to 3D: Done at the exact budget and 2K texture, every field inside 2.1’s ranges', async () => {
    const server = await fake21();
    const result = await run(
      `hunyuan3d:${server.url}`,
      job({ tier: 'Gen-2.5-Low', quality_override: '3000', seed: '123' }, [picture]),
    );
    const file = result.files.find((candidate) => candidate.name.endsWith('.glb'));
    assert.ok(file);
    await assertValidGlb(file.bytes);
    const { faces, sizes } = await readGlb(file.bytes);
    assert.ok(Math.abs(faces - 3000) <= 30, `faces ${faces}`);
    assert.deepEqual(sizes[0], [2048, 2048]);
    assert.equal(result.notes?.serverVersion, 'Hunyuan3D-2.1');
    assert.equal(result.notes?.textureFallback, undefined, 'a textured answer is no fall-back');
    const [{ route, body }] = server.accepted;
    assert.equal(route, '/send');
    assert.equal(body.texture, true);
    assert.equal(body.text, undefined, '2.1 has no text field');
    for (const [field, [min, max]] of Object.entries(HUNYUAN21_RANGES))
      assert.ok(body[field] >= min && body[field] <= max, `${field} ${body[field]} within ${min}–${max}`);
    assert.equal(body.face_count, 3000);
  });

  it('fields outside 2.1’s ranges are clamped into them', () => {
    const body = hunyuan21Request({
      taskId: 't',
      ...job({ tier: 'Gen-2.5-Extreme-High', quality_override: '500' }, [picture]),
    });
    assert.equal(body.num_inference_steps, 20, 'the Extreme-High tier’s 50 steps are clamped to 2.1’s 20');
    assert.equal(body.face_count, 1000, 'a 500-face budget is asked as 2.1’s minimum; Kiln reduces it after');
    assert.equal(body.octree_resolution, 512);
    assert.equal(body.remove_background, true);
  });

  it('the server’s fall-back to an untextured mesh is noticed and said in the task notes', async () => {
    const server = await fake21('completed-untextured');
    const result = await run(
      `hunyuan3d:${server.url}`,
      job({ tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'PBR' }, [picture]),
    );
    assert.match(String(result.notes?.textureFallback), /untextured mesh although texturing was asked for/);
    assert.equal(result.notes?.sameAsInitial, undefined, 'internal markers stay out of the record');
    const file = result.files.find((candidate) => candidate.name.endsWith('.glb'));
    assert.ok(file);
    await assertValidGlb(file.bytes);
  });

  it('a texturing stage that never ends fails at the stage timeout, naming the fall-back', async () => {
    const server = await fake21('texture-fails');
    await assert.rejects(
      run(`hunyuan3d:${server.url}`, job({ tier: 'Gen-2.5-Low', quality: 'extra-low' }, [picture])),
      (error: unknown) => {
        assert.ok(error instanceof EngineError);
        assert.match(error.message, /stayed in stage "texturing".*KILN_REMOTE_STAGE_TIMEOUT_MS.*untextured mesh/);
        return true;
      },
    );
  });

  it('an untextured job goes to the synchronous /generate (2.1’s /status never completes it)', async () => {
    const server = await fake21();
    const result = await run(
      `hunyuan3d:${server.url}`,
      job({ tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None' }, [picture]),
    );
    assert.deepEqual(
      server.accepted.map((accepted) => accepted.route),
      ['/generate'],
    );
    assert.equal(server.accepted[0].body.texture, false);
    assert.equal(result.notes?.textureFallback, undefined, 'no texture was asked for');
  });

  it('a failed generation (404 with error_code) is an upstream failure', async () => {
    const server = await fake21('generation-fails');
    await assert.rejects(
      run(`hunyuan3d:${server.url}`, job({ tier: 'Gen-2.5-Low', material: 'None' }, [picture])),
      /reported the generation failed \(error_code 1\)/,
    );
  });

  it('text is refused by a 2.1 server and the chain moves on to the next engine', async () => {
    const server = await fake21();
    const older: FakeHunyuan = await startFakeHunyuan({ mode: 'ok', stepMs: 20 });
    fakes.push(older);
    const result = await run(
      `hunyuan3d:${server.url}; hunyuan3d:${older.url}`,
      job({ tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None', prompt: 'a red ball' }, []),
    );
    assert.equal(server.accepted.length, 0, 'nothing was sent to the 2.1 server');
    assert.equal(older.sent.length, 1);
    const failed = result.notes?.enginesFailed as string[];
    assert.match(failed[0], /Hunyuan3D-2\.1 server, which makes models from a picture only/);
  });
});

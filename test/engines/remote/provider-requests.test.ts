/**
 * What the hosted adapters send, field by field, as their providers document it (docs/engines.md):
 * Tripo's task bodies (one picture, the four multi-view slots, text) and Meshy's routes and ranges;
 * and Meshy's separately sent base-colour map used for a model that carries no texture, with the
 * credits Meshy reported recorded as the upstream cost.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import { rawRequest } from '../../../src/domain/raw-request.ts';
import { parseEngineChain } from '../../../src/engines/remote/config.ts';
import { createRemoteEngine } from '../../../src/engines/remote/engine.ts';
import { glbHasImages, MESHY_PROMPT_LIMIT, meshyRequests } from '../../../src/engines/remote/meshy.ts';
import { tripoTaskBody } from '../../../src/engines/remote/tripo.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { png } from '../../api/images.ts';
import { MESHY_FAKE_BASE_COLOR, meshyProvider } from '../../support/provider-fakes/meshy.ts';
import { assertValidGlb, readGlb } from '../generate/glb-checks.ts';
import { fakeModel, sphereScene } from './fake-hunyuan3d.ts';

async function job(fields: Record<string, string | string[]>, count: number) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      field: 'images',
      filename: `v${i}.png`,
      bytes: await png(16, 16, [i * 40, 0, 0]),
    })),
  );
  const { spec, inputs } = resolveGenerateRequest(rawRequest({ seed: '11', ...fields }, files));
  return {
    taskId: 't',
    spec,
    inputs: inputs.map((input) => ({ field: input.field, filename: input.filename, bytes: input.bytes })),
  };
}

describe('tripo task bodies', () => {
  const tokens = (bytes: Uint8Array) =>
    Promise.resolve({ type: 'png', file_token: `token-${bytes[bytes.length - 20]}` });

  it('one picture: image_to_model with the budget, seeds, texture and PBR from the material', async () => {
    const body = await tripoTaskBody(await job({ quality_override: '5000', material: 'Shaded' }, 1), tokens);
    assert.equal(body.type, 'image_to_model');
    assert.deepEqual(Object.keys(body.file as object), ['type', 'file_token']);
    assert.equal(body.face_limit, 5000);
    assert.equal(body.model_seed, 11);
    assert.equal(body.texture, true);
    assert.equal(body.pbr, false);
  });

  it('labelled views fill the four multi-view slots front, left, back, right; a missing view is {}', async () => {
    const sent: Uint8Array[] = [];
    const body = await tripoTaskBody(await job({ image_label: ['B', 'F', 'L'] }, 3), (bytes) => {
      sent.push(bytes);
      return Promise.resolve({ type: 'png', file_token: `t${sent.length}` });
    });
    assert.equal(body.type, 'multiview_to_model');
    const files = body.files as Record<string, unknown>[];
    assert.equal(files.length, 4);
    assert.deepEqual(files[3], {}, 'no right view');
    // Upload order follows the slots: front (2nd picture), left (3rd), back (1st).
    assert.deepEqual(files.slice(0, 3), [
      { type: 'png', file_token: 't1' },
      { type: 'png', file_token: 't2' },
      { type: 'png', file_token: 't3' },
    ]);
  });

  it('a prompt: text_to_model with the prompt and the image seed', async () => {
    const body = await tripoTaskBody(await job({ prompt: 'a chair', material: 'None' }, 0), tokens);
    assert.deepEqual([body.type, body.prompt, body.image_seed, body.texture], ['text_to_model', 'a chair', 11, false]);
  });
});

describe('meshy requests', () => {
  it('one picture, several, a prompt: the documented route, a data URI, the budget within 100–300 000', async () => {
    const one = await meshyRequests(await job({ quality_override: '400000' }, 1));
    assert.equal(one.path, '/openapi/v1/image-to-3d');
    assert.match(String(one.body.image_url), /^data:image\/png;base64,/);
    assert.equal(one.body.target_polycount, 300_000);
    assert.equal(one.body.enable_pbr, true);
    const several = await meshyRequests(await job({ image_label: ['B', 'F'] }, 2));
    assert.equal(several.path, '/openapi/v1/multi-image-to-3d');
    assert.equal((several.body.image_urls as string[]).length, 2);
    const text = await meshyRequests(await job({ prompt: 'x'.repeat(900) }, 0));
    assert.equal(text.path, '/openapi/v2/text-to-3d');
    assert.equal(text.body.mode, 'preview');
    assert.equal(String(text.body.prompt).length, MESHY_PROMPT_LIMIT);
  });

  it('a model without a texture takes the separately sent base-colour map', async () => {
    const scene = sphereScene(20, 40);
    delete scene.materials[0].baseColorTexture;
    const untextured = await writeGlb(scene, { generator: 'meshy-fake' });
    assert.equal(glbHasImages(untextured), false);
    assert.equal(glbHasImages(await fakeModel()), true);
    const key = 'msy-separate-texture-test';
    process.env.KILN_MESHY_API_KEY = key;
    const fake = await meshyProvider.startFake({ apiKey: key, glb: untextured, behaviour: 'success' });
    try {
      const { spec, inputs } = await job({ tier: 'Gen-2.5-Low', quality: 'extra-low', preview_render: 'false' }, 1);
      const engine = createRemoteEngine({
        kind: 'generate-image',
        chain: parseEngineChain('generate-image', `meshy:${fake.url}`),
        settings: {
          concurrency: 1,
          stageTimeoutMs: 5_000,
          requestTimeoutMs: 5_000,
          pollMs: 10,
          retries: 0,
          unhealthyMs: 1_000,
          fallback: false,
          repair: true,
          rateLimitRetries: 0,
          backoffMs: 10,
        },
      });
      const result = await engine.run({
        taskId: 't',
        spec,
        inputs,
        progress: () => undefined,
        signal: new AbortController().signal,
      });
      assert.equal((result.notes?.remoteModel as { separateTexture?: boolean } | undefined)?.separateTexture, true);
      assert.deepEqual(result.notes?.upstreamCost, { amount: 30, unit: 'meshy credits' }, 'what Meshy charged');
      assert.equal(result.notes?.engine, 'meshy');
      const file = result.files.find((candidate) => candidate.name.endsWith('.glb'))!;
      await assertValidGlb(file.bytes);
      const { textures } = await readGlb(file.bytes);
      const stats = await sharp(textures[0].getImage()!).stats();
      const [r, g, b] = stats.channels.map((channel) => channel.mean);
      assert.ok(
        g > 60 && g > 2 * r && g > 2 * b,
        `the map is the provider's green (${r.toFixed(0)}, ${g.toFixed(0)}, ${b.toFixed(0)}), want ≈ ${Object.values(MESHY_FAKE_BASE_COLOR)}`,
      );
    } finally {
      delete process.env.KILN_MESHY_API_KEY;
      await fake.close();
    }
  });
});

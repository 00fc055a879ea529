/**
 * The adapter conformance suite: every hosted-provider adapter (test/support/provider-fakes PROVIDERS)
 * against a protocol-faithful fake of its provider, through the remote engine as the worker threads
 * run it (chain, endpoint pool, adapter, Kiln's output pipeline). Each provider must: succeed with the
 * exact face budget and the spec's texture size for every kind it serves; fail plainly on an upstream
 * failure, a hang (at the stage timeout), garbage, a refused key and an empty account; wait out a 429
 * with back-off; follow slow polling; let the chain fall through to the next engine; and never put
 * its key in a message, a note, a progress stage or a request to anyone but its own API.
 * A keyless self-hosted server (`auth: 'none'`, Hunyuan3D-2.1) has no key to refuse and no account to
 * empty: its key cases become a proxy in front of it refusing Kiln (401, 403), said as the operator's
 * problem naming the address, and Kiln must send it no credential at all. Where a provider has no
 * multi-view request, or may fall back to an untextured mesh, the case says so and the suite checks it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RemoteSettings } from '../../../src/config.ts';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import { rawRequest } from '../../../src/domain/raw-request.ts';
import type { EngineKind, GenerateSpec } from '../../../src/domain/task-spec.ts';
import { EngineError, type EngineResult } from '../../../src/engines/engine.ts';
import { apiKeyVariable } from '../../../src/engines/remote/api-key.ts';
import { parseEngineChain, type RemoteEngineConfig } from '../../../src/engines/remote/config.ts';
import { createRemoteEngine } from '../../../src/engines/remote/engine.ts';
import { png } from '../../api/images.ts';
import {
  PROVIDERS,
  type FakeBehaviour,
  type ProviderCase,
  type ProviderFake,
} from '../../support/provider-fakes/index.ts';
import { compressGlb } from '../../support/provider-fakes/compressed.ts';
import { assertValidGlb, readGlb } from '../generate/glb-checks.ts';
import { fakeModel, startFakeHunyuan, type FakeHunyuan } from './fake-hunyuan3d.ts';

/**
 * Short enough that a hang costs seconds, long enough that a machine loaded by other work (load
 * average near 30 on 2 cores was seen) does not turn a slow request or a few polls into a timeout.
 */
const SETTINGS: RemoteSettings = {
  concurrency: 1,
  stageTimeoutMs: 2_000,
  requestTimeoutMs: 5_000,
  pollMs: 15,
  retries: 0,
  unhealthyMs: 60_000,
  fallback: false,
  repair: true,
  rateLimitRetries: 2,
  backoffMs: 150,
};

/** What a run left behind that a client or an operator could read: every string must be free of the key. */
interface Trace {
  stages: string[];
  text: string[];
}

function kindOf(spec: GenerateSpec): EngineKind {
  return spec.mode === 'text' ? 'generate-text' : 'generate-image';
}

let picture: Uint8Array;
let side: Uint8Array;
let glb: Uint8Array;
const fakes: { close(): Promise<void> }[] = [];
before(async () => {
  picture = await png(64, 64, [30, 90, 200]);
  side = await png(64, 64, [200, 90, 30]);
  glb = await fakeModel();
});
after(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

function spec(fields: Record<string, string>, images: Uint8Array[]) {
  const files = images.map((bytes, i) => ({ field: 'images', filename: `view-${i}.png`, bytes }));
  const { spec, inputs } = resolveGenerateRequest(rawRequest({ preview_render: 'false', ...fields }, files), {
    randomSeed: () => 7,
  });
  return {
    spec,
    inputs: inputs.map((input) => ({ field: input.field, filename: input.filename, bytes: input.bytes })),
  };
}

async function run(chainValue: string, job: ReturnType<typeof spec>, trace: Trace, settings = SETTINGS) {
  const kind = kindOf(job.spec);
  const config: RemoteEngineConfig = { kind, chain: parseEngineChain(kind, chainValue), settings };
  const engine = createRemoteEngine(config);
  try {
    const result: EngineResult = await engine.run({
      taskId: randomUUID(),
      spec: job.spec,
      inputs: job.inputs,
      signal: new AbortController().signal,
      progress: (stage) => trace.stages.push(stage),
    });
    trace.text.push(JSON.stringify(result.notes ?? {}));
    return result;
  } catch (error) {
    trace.text.push((error as Error).message, JSON.stringify((error as EngineError).details ?? {}));
    throw error;
  }
}

function assertNoKey(key: string, trace: Trace, fake: ProviderFake) {
  for (const line of [...trace.text, ...trace.stages])
    assert.ok(!line.includes(key), `the key leaked into: ${line.slice(0, 200)}`);
  for (const request of fake.requests.filter((r) => r.path.startsWith('/signed/')))
    assert.equal(request.headers.authorization, undefined, 'the signed download URL is fetched without the key');
}

for (const provider of PROVIDERS) {
  describe(`adapter conformance: ${provider.adapter}`, () => {
    const key = `sk-conformance-${provider.adapter}-${randomUUID()}`;
    const variable = apiKeyVariable(provider.adapter);
    const previous = process.env[variable];
    before(() => {
      process.env[variable] = key;
    });
    after(() => {
      if (previous === undefined) delete process.env[variable];
      else process.env[variable] = previous;
    });

    async function fake(behaviour: FakeBehaviour, model = glb, caseOf: ProviderCase = provider) {
      const started = await caseOf.startFake({ apiKey: key, glb: model, behaviour });
      fakes.push(started);
      return started;
    }

    async function failure(behaviour: FakeBehaviour, pattern: RegExp, fields: Record<string, string> = {}) {
      const server = await fake(behaviour);
      const trace: Trace = { stages: [], text: [] };
      const job = spec({ tier: 'Gen-2.5-Low', material: 'None', ...fields }, [picture]);
      await assert.rejects(run(`${provider.adapter}:${server.url}`, job, trace), (error: unknown) => {
        assert.ok(error instanceof EngineError, String(error));
        assert.equal(error.code, 'REMOTE_ENGINE_FAILED');
        assert.match(error.message, pattern);
        assert.match(
          error.message,
          new RegExp(`${provider.adapter} at http://127\\.0\\.0\\.1`),
          'names the engine and where',
        );
        return true;
      });
      assertNoKey(key, trace, server);
      return { server, trace };
    }

    const kinds = provider.kinds.map((kind) => (kind === 'generate-text' ? 'text' : 'image'));
    for (const mode of kinds) {
      it(`${mode} to 3D: Done at the exact face budget and the spec's 2K texture, the key never leaving its API`, async () => {
        const server = await fake('success');
        const trace: Trace = { stages: [], text: [] };
        const job =
          mode === 'text'
            ? spec({ tier: 'Gen-2.5-Low', quality_override: '3000', prompt: 'a red and white ball' }, [])
            : spec({ tier: 'Gen-2.5-Low', quality_override: '3000' }, [picture]);
        const result = await run(`${provider.adapter}:${server.url}`, job, trace);
        const file = result.files.find((candidate) => candidate.name.endsWith('.glb'));
        assert.ok(file, `a GLB among ${result.files.map((f) => f.name).join(', ')}`);
        await assertValidGlb(file.bytes);
        const { faces, sizes } = await readGlb(file.bytes);
        assert.ok(Math.abs(faces - 3000) <= 30, `faces ${faces} within 1 % of 3000`);
        assert.deepEqual(sizes[0], [2048, 2048]);
        assert.equal(result.notes?.engine, provider.adapter, 'the notes name the engine that made the asset');
        assert.ok(
          trace.stages.some((stage) => stage.startsWith('remote')),
          'remote progress reported',
        );
        assertNoKey(key, trace, server);
        const signed = server.requests.filter((request) => request.path.startsWith('/signed/'));
        if (!provider.synchronous && !provider.inlineModel)
          assert.ok(signed.length >= 1, 'the model came from a signed URL');
        const api = server.requests.filter((request) => !request.path.startsWith('/signed/'));
        if (provider.auth === 'none')
          assert.ok(
            api.every((request) => request.headers.authorization === undefined),
            'a keyless server is sent no credential, even with its key variable set',
          );
        else
          assert.ok(
            api.every((request) => request.headers.authorization === `Bearer ${key}`),
            'every API call carries the key',
          );
      });
    }

    if (provider.kinds.includes('generate-image') && provider.noMultiView) {
      it('several views: the provider has no multi-view request, so the front view goes alone', async () => {
        const server = (await fake('success')) as ProviderFake & {
          accepted: { route: string; body: Record<string, unknown> }[];
        };
        const trace: Trace = { stages: [], text: [] };
        const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low' }, [picture, side]);
        const result = await run(`${provider.adapter}:${server.url}`, job, trace);
        assert.ok(result.files.some((candidate) => candidate.name.endsWith('.glb')));
        assert.equal(server.accepted.length, 1, String(provider.noMultiView));
        const [{ body }] = server.accepted;
        assert.equal(body.image, Buffer.from(picture).toString('base64'), 'the first (front) view');
        assert.deepEqual(
          Object.keys(body).filter((field) => /^mv_|^images$/.test(field)),
          [],
          'no multi-view field the server would drop silently',
        );
        assertNoKey(key, trace, server);
      });
    }

    if (provider.kinds.includes('generate-image') && !provider.noMultiView) {
      it('several labelled views go to the provider’s multi-view request', async () => {
        const server = await fake('success');
        const trace: Trace = { stages: [], text: [] };
        const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low' }, [picture, side]);
        const result = await run(`${provider.adapter}:${server.url}`, job, trace);
        assert.ok(result.files.some((candidate) => candidate.name.endsWith('.glb')));
        // Fakes that keep the bodies they accepted show the request was the multi-view one.
        const bodies = (server as ProviderFake & { bodies?: Record<string, unknown>[] }).bodies;
        if (bodies)
          assert.ok(
            bodies.some((body) => /multi/.test(String(body.type ?? body.path))),
            JSON.stringify(bodies).slice(0, 300),
          );
        assertNoKey(key, trace, server);
      });
    }

    it('Draco- and meshopt-compressed models come out at the budget like any other', async () => {
      for (const method of ['draco', 'meshopt'] as const) {
        const compressed = await compressGlb(glb, method);
        assert.match(
          new TextDecoder().decode(compressed.subarray(0, 4000)),
          /KHR_draco_mesh_compression|EXT_meshopt_compression/,
        );
        const server = await fake('success', compressed);
        const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality_override: '2000' }, [picture]);
        const result = await run(`${provider.adapter}:${server.url}`, job, { stages: [], text: [] });
        const file = result.files.find((candidate) => candidate.name.endsWith('.glb'))!;
        await assertValidGlb(file.bytes);
        const { faces } = await readGlb(file.bytes);
        assert.ok(Math.abs(faces - 2000) <= 20, `${method}: faces ${faces} within 1 % of 2000`);
        assert.equal(
          (result.notes?.remoteModel as { faces?: number } | undefined)?.faces,
          39_600,
          `${method}: the whole model was read`,
        );
      }
    });

    it('an upstream failure fails the engine, saying the provider reported it', async () => {
      await failure('upstream-failure', /failed|FAILED/);
    });

    it('a hang ends at the remote stage timeout', async () => {
      await failure('hang', /KILN_REMOTE_STAGE_TIMEOUT_MS/);
    });

    it('garbage is refused naming the provider', async () => {
      await failure('garbage', /not JSON|cannot read|not a model|without/);
    });

    if (provider.auth === 'none') {
      // No key to refuse and no account to empty: what an operator meets is a proxy in front.
      it('a 401 from an authenticating proxy in front of the keyless server is said as the operator’s, naming the address', async () => {
        const { server } = await failure('bad-key', /refused Kiln \(.*HTTP 401.*takes no key.*in front of it/);
        assert.ok(
          server.requests.every((request) => request.headers.authorization === undefined),
          'no credential was offered to the proxy either',
        );
      });

      it('a 403 from a proxy in front of the keyless server is said the same way (a self-hosted server has no credits to run out of)', async () => {
        await failure('no-credits', /refused Kiln \(.*HTTP 403.*"403 Forbidden".*point the chain at the server itself/);
      });
    } else {
      it('a refused key is said plainly, naming the variable to set, without the key', async () => {
        await failure('bad-key', new RegExp(`refused Kiln's API key.*${variable}`));
      });

      it('an empty account is said plainly as the operator’s problem', async () => {
        await failure('no-credits', /insufficient credits.*top up/);
      });
    }

    if (provider.textureFallback) {
      it('a texturing that falls back to the untextured mesh is noticed and said, never passed off as done', async () => {
        const { trace } = await failure(
          'untextured-fallback',
          /stayed in stage "texturing".*KILN_REMOTE_STAGE_TIMEOUT_MS.*falls back to the untextured mesh/,
          { material: 'PBR', quality: 'extra-low' },
        );
        assert.ok(
          trace.stages.some((stage) => /texturing/.test(stage)),
          'the texturing stage was shown',
        );
      });
    }

    it('a 429 is waited out with back-off, then the job succeeds', async () => {
      const server = await fake('rate-limited-once');
      const trace: Trace = { stages: [], text: [] };
      const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low' }, [picture]);
      const result = await run(`${provider.adapter}:${server.url}`, job, trace);
      assert.equal(result.notes?.engine, provider.adapter);
      assert.ok(
        trace.stages.some((stage) => stage.startsWith('rate-limited')),
        'the wait is shown as a stage',
      );
      const creations = server.requests.filter((request) => request.method === 'POST' && !/upload/.test(request.path));
      assert.ok(creations.length >= 2, 'the creation was sent again after the 429');
      assertNoKey(key, trace, server);
    });

    it('a 429 past the back-off budget fails the engine as rate-limited', async () => {
      const server = await fake('rate-limited-once');
      const trace: Trace = { stages: [], text: [] };
      const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low' }, [picture]);
      await assert.rejects(
        run(`${provider.adapter}:${server.url}`, job, trace, { ...SETTINGS, rateLimitRetries: 0 }),
        /still rate-limiting Kiln.*KILN_REMOTE_RATE_LIMIT_RETRIES/,
      );
    });

    it('slow polling is followed to the end', async () => {
      const server = await fake('slow-polling');
      const trace: Trace = { stages: [], text: [] };
      const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low', ...provider.pollingJobFields }, [
        picture,
      ]);
      const result = await run(`${provider.adapter}:${server.url}`, job, trace);
      assert.ok(result.files.length > 0);
      // Polls are GETs for most providers, POSTs for some (Rodin's /status): every API call after the
      // creation counts. A synchronous provider has nothing to poll: its one late answer is waited for.
      const calls = server.requests.filter((request) => !request.path.startsWith('/signed/'));
      if (!provider.synchronous) assert.ok(calls.length >= 9, `${calls.length} API calls, so fewer than 8 polls`);
    });

    it('the chain falls through, in order, to the next engine; the notes say what the first did', async () => {
      const failing = await fake('upstream-failure');
      const refusing = await fake('bad-key');
      const hunyuan: FakeHunyuan = await startFakeHunyuan({ mode: 'ok', stepMs: 20 });
      fakes.push(hunyuan);
      const trace: Trace = { stages: [], text: [] };
      const job = spec({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low' }, [picture]);
      const result = await run(
        `${provider.adapter}:${failing.url}; ${provider.adapter}:${refusing.url}; hunyuan3d:${hunyuan.url}`,
        job,
        trace,
      );
      assert.equal(result.notes?.engine, 'hunyuan3d');
      const failed = result.notes?.enginesFailed as string[];
      assert.equal(failed.length, 2);
      assert.match(failed[0], new RegExp(`^${provider.adapter}: .*${failing.url.replace(/[.]/g, '\\.')}`));
      assert.match(failed[1], provider.auth === 'none' ? /refused Kiln \(.*in front of it/ : /refused Kiln's API key/);
      assert.equal(hunyuan.sent.length, 1);
      assertNoKey(key, trace, failing);
    });
  });
}

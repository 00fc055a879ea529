/**
 * The gateway's configuration: `;` chains with `builtin` and providers' public addresses, the routing
 * file (YAML or JSON) refused with the file and line of the mistake, rule matching, and provider keys
 * read from the environment or a file without ever showing them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config.ts';
import type { GenerateSpec } from '../../../src/domain/task-spec.ts';
import { apiKeyVariable, redactSecret, resolveApiKey } from '../../../src/engines/remote/api-key.ts';
import {
  configFromModuleUrl,
  parseEngineChain,
  remoteEngineConfigs,
  remoteEngineUrl,
} from '../../../src/engines/remote/config.ts';
import { remoteConfigsOf } from '../../../src/engines/remote/index.ts';
import { parseEnginesFile } from '../../../src/engines/remote/routing-file.ts';
import { chooseChain } from '../../../src/engines/remote/routing.ts';
import { createRemoteEngine } from '../../../src/engines/remote/engine.ts';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import { rawRequest } from '../../../src/domain/raw-request.ts';
import { png } from '../../api/images.ts';
import { EngineError } from '../../../src/engines/engine.ts';
import { hunyuan3dProvider } from '../../support/provider-fakes/hunyuan3d.ts';
import { meshyProvider } from '../../support/provider-fakes/meshy.ts';
import { tripoProvider } from '../../support/provider-fakes/tripo.ts';
import { fakeModel } from './fake-hunyuan3d.ts';

const dir = mkdtempSync(join(tmpdir(), 'kiln-gateway-config-'));
const settings = loadConfig({ KILN_DATA_DIR: dir }).remote;

describe('engine chains', () => {
  it('parses engines separated by ";", endpoints by ",", builtin, and a provider without a URL at its public address', () => {
    const chain = parseEngineChain('generate-image', 'tripo; hunyuan3d:http://gpu-1:8081/, http://gpu-2:8081 ;builtin');
    assert.deepEqual(chain, [
      { name: 'tripo', adapter: 'tripo', endpoints: ['https://api.tripo3d.ai'] },
      { name: 'hunyuan3d', adapter: 'hunyuan3d', endpoints: ['http://gpu-1:8081', 'http://gpu-2:8081'] },
      { name: 'builtin', adapter: 'builtin', endpoints: [] },
    ]);
    assert.deepEqual(parseEngineChain('generate-text', 'meshy:http://127.0.0.1:9/')[0].endpoints, [
      'http://127.0.0.1:9',
    ]);
  });

  it('refuses an empty link, an unknown adapter, a self-hosted adapter without URL, a repeated engine and a kind the adapter lacks', () => {
    assert.throws(
      () => parseEngineChain('generate-image', 'tripo;;builtin'),
      /KILN_ENGINE_GENERATE_IMAGE has an empty engine/,
    );
    assert.throws(() => parseEngineChain('generate-image', 'trellis'), /adapter one of .*tripo.*meshy.*builtin/);
    assert.throws(
      () => parseEngineChain('generate-image', 'hunyuan3d'),
      /hunyuan3d has no public address; give its URL/,
    );
    assert.throws(() => parseEngineChain('generate-image', 'tripo; tripo'), /names the engine "tripo" twice/);
    assert.throws(() => parseEngineChain('bang', 'meshy'), /KILN_ENGINE_BANG: the meshy adapter cannot serve bang/);
  });

  it('KILN_REMOTE_FALLBACK ends a chain with builtin; a chain of builtin alone delegates nothing', () => {
    const [config] = remoteEngineConfigs({ 'generate-image': 'tripo' }, { ...settings, fallback: true });
    assert.deepEqual(
      config.chain.map((link) => link.name),
      ['tripo', 'builtin'],
    );
    assert.equal(remoteEngineConfigs({ 'generate-image': 'builtin' }, settings).length, 0);
  });
});

const ROUTING_YAML = `# engines.yaml
engines:
  tripo-hq: { adapter: tripo, concurrency: 2, rate_per_minute: 20 }
  gpu:
    adapter: hunyuan3d
    url: [http://gpu-1:8081, http://gpu-2:8081]
routes:
  - kind: generate-image
    tier: [Gen-2.5-Extreme-High, Gen-2.5-High]
    input: [one-image, several-views]
    chain: [tripo-hq, gpu, builtin]
  - kind: generate-image
    chain: [gpu, "meshy:http://127.0.0.1:9", builtin]
  - kind: generate-text
    input: text
    chain: [meshy]
`;

function generate(tier: string, imageCount: number): GenerateSpec {
  return { kind: 'generate', tier, mode: imageCount ? 'image' : 'text', imageCount } as unknown as GenerateSpec;
}

describe('the routing file', () => {
  it('reads named engines with their limits and rules by kind, tier and input; the first match wins', () => {
    const routes = parseEnginesFile(ROUTING_YAML, 'engines.yaml');
    const [hq, rest] = routes['generate-image']!;
    assert.deepEqual(hq.chain[0], {
      name: 'tripo-hq',
      adapter: 'tripo',
      endpoints: ['https://api.tripo3d.ai'],
      concurrency: 2,
      ratePerMinute: 20,
    });
    assert.equal(hq.where, 'engines.yaml line 8');
    const config = { chain: parseEngineChain('generate-image', 'builtin'), routes: routes['generate-image'] };
    assert.equal(chooseChain(config, generate('Gen-2.5-High', 1)).chain[0].name, 'tripo-hq');
    assert.equal(chooseChain(config, generate('Gen-2.5-High', 3)).chain[0].name, 'tripo-hq');
    assert.equal(chooseChain(config, generate('Gen-2.5-Low', 1)).chain[0].name, 'gpu');
    assert.deepEqual(rest.chain[1].endpoints, ['http://127.0.0.1:9']);
    assert.equal(routes['generate-text']![0].chain[0].name, 'meshy');
  });

  it('JSON works the same way, with line numbers', () => {
    const json = JSON.stringify(
      {
        routes: [
          { kind: 'generate-image', chain: ['tripo'] },
          { kind: 'bang', chain: ['nope'] },
        ],
      },
      null,
      2,
    );
    assert.throws(
      () => parseEnginesFile(json, 'engines.json'),
      /^Error: engines\.json line 12: "nope" is neither an engine named under engines \(none\) nor an adapter/,
    );
  });

  it('refuses a bad file with the file, the line and what is wrong', () => {
    const cases: Array<[string, RegExp]> = [
      [ROUTING_YAML.replace('Gen-2.5-High]', 'Gen-9]'), /engines\.yaml line 9: \/routes\/0\/tier/],
      [
        ROUTING_YAML.replace('concurrency: 2', 'concurrency: 0'),
        /engines\.yaml line 3: \/engines\/tripo-hq\/concurrency .*1/,
      ],
      [ROUTING_YAML.replace('[tripo-hq, gpu, builtin]', '[tripo-hq, gpu, cpu]'), /engines\.yaml line 11: .*"cpu"/],
      [
        ROUTING_YAML.replace('    chain: [meshy]', '    chain: [meshy]\n    colour: red'),
        /engines\.yaml line 17: \/routes\/2\/colour unexpected property/,
      ],
      ['routes:\n  - kind: generate-image\n    chain: [tripo\n', /engines\.yaml line [34]: /],
      [
        'routes:\n  - kind: bang\n    tier: Gen-2.5-Low\n    chain: [builtin]\n',
        /line 2: bang routes cannot select by tier/,
      ],
    ];
    for (const [text, pattern] of cases) assert.throws(() => parseEnginesFile(text, 'engines.yaml'), pattern);
  });

  it('KILN_ENGINES_FILE is read when services start; a missing file is named', () => {
    const path = join(dir, 'engines.yaml');
    writeFileSync(path, ROUTING_YAML);
    const config = loadConfig({ KILN_DATA_DIR: dir, KILN_ENGINES_FILE: path });
    const configs = remoteConfigsOf(config);
    assert.deepEqual(
      configs.map((c) => [c.kind, c.chain.map((link) => link.name), c.routes?.length]),
      [
        ['generate-image', ['builtin'], 2],
        ['generate-text', ['builtin'], 1],
      ],
    );
    assert.throws(
      () => remoteConfigsOf(loadConfig({ KILN_DATA_DIR: dir, KILN_ENGINES_FILE: join(dir, 'absent.yaml') })),
      /KILN_ENGINES_FILE names ".*absent\.yaml", which cannot be read \(ENOENT\)/,
    );
    // A mistake in the file stops the start too, naming the file's path and the line.
    const bad = join(dir, 'bad-engines.yaml');
    writeFileSync(bad, ROUTING_YAML.replace('concurrency: 2', 'concurrency: -1'));
    assert.throws(
      () => remoteConfigsOf(loadConfig({ KILN_DATA_DIR: dir, KILN_ENGINES_FILE: bad })),
      /bad-engines\.yaml line 3: \/engines\/tripo-hq\/concurrency/,
    );
  });
});

describe('provider keys', () => {
  it('come from KILN_<ADAPTER>_API_KEY or the file named by …_FILE, and never appear in the errors about them', () => {
    assert.equal(apiKeyVariable('tripo'), 'KILN_TRIPO_API_KEY');
    assert.equal(resolveApiKey('tripo', { KILN_TRIPO_API_KEY: ' tsk_direct \n' }), 'tsk_direct');
    const file = join(dir, 'meshy.key');
    writeFileSync(file, 'msy_secret_from_file\n');
    assert.equal(resolveApiKey('meshy', { KILN_MESHY_API_KEY_FILE: file }), 'msy_secret_from_file');
    assert.equal(resolveApiKey('meshy', {}), undefined);
    writeFileSync(file, '  \n');
    assert.throws(
      () => resolveApiKey('meshy', { KILN_MESHY_API_KEY_FILE: file }),
      /KILN_MESHY_API_KEY_FILE names .* which is empty/,
    );
    assert.throws(
      () => resolveApiKey('meshy', { KILN_MESHY_API_KEY_FILE: join(dir, 'none') }),
      /KILN_MESHY_API_KEY_FILE names .*none", which cannot be read \(ENOENT\)/,
    );
    assert.equal(redactSecret('upstream said tsk_direct is bad', 'tsk_direct'), 'upstream said [redacted] is bad');
  });

  it('are not part of the engine configuration that travels in the module URL', () => {
    process.env.KILN_TRIPO_API_KEY = 'tsk_never_in_url';
    try {
      const url = remoteEngineUrl(remoteEngineConfigs({ 'generate-image': 'tripo' }, settings)[0]);
      const decoded = JSON.stringify(configFromModuleUrl(url));
      assert.ok(decoded.includes('api.tripo3d.ai') && !decoded.includes('tsk_never_in_url'));
    } finally {
      delete process.env.KILN_TRIPO_API_KEY;
    }
  });
});

describe('routing at run time', () => {
  it('a routing rule picks the chain by tier and input, and the record names the rule and the engine', async () => {
    const key = `sk-routing-${Date.now()}`;
    process.env.KILN_TRIPO_API_KEY = key;
    process.env.KILN_MESHY_API_KEY = key;
    const glb = await fakeModel();
    const tripo = await tripoProvider.startFake({ apiKey: key, glb, behaviour: 'success' });
    const meshy = await meshyProvider.startFake({ apiKey: key, glb, behaviour: 'success' });
    try {
      const routes = parseEnginesFile(
        `engines:\n  hq: { adapter: tripo, url: "${tripo.url}", concurrency: 1 }\nroutes:\n  - kind: generate-image\n    tier: Gen-2.5-High\n    chain: [hq]\n`,
        'engines.yaml',
      );
      const engine = createRemoteEngine({
        kind: 'generate-image',
        chain: parseEngineChain('generate-image', `meshy:${meshy.url}`),
        routes: routes['generate-image'],
        settings: { ...settings, pollMs: 10 },
      });
      const picture = await png(32, 32, [10, 200, 10]);
      const runTier = async (tier: string) => {
        const files = [{ field: 'images', filename: 'a.png', bytes: picture }];
        const { spec, inputs } = resolveGenerateRequest(
          rawRequest({ tier, material: 'None', quality: 'extra-low', preview_render: 'false' }, files),
        );
        return engine.run({
          taskId: tier,
          spec,
          inputs,
          progress: () => undefined,
          signal: new AbortController().signal,
        });
      };
      const high = await runTier('Gen-2.5-High');
      assert.equal(high.notes?.engine, 'hq');
      assert.equal(high.notes?.routingRule, 'engines.yaml line 4');
      const low = await runTier('Gen-2.5-Low');
      assert.equal(low.notes?.engine, 'meshy');
      assert.equal(low.notes?.routingRule, undefined);
    } finally {
      delete process.env.KILN_TRIPO_API_KEY;
      delete process.env.KILN_MESHY_API_KEY;
      await tripo.close();
      await meshy.close();
    }
  });

  it('when every engine of a chain fails, in order, the error names each engine and what it did', async () => {
    const key = `sk-chain-${Date.now()}`;
    process.env.KILN_TRIPO_API_KEY = key;
    process.env.KILN_MESHY_API_KEY = key;
    const glb = await fakeModel();
    const tripo = await tripoProvider.startFake({ apiKey: key, glb, behaviour: 'bad-key' });
    const meshy = await meshyProvider.startFake({ apiKey: key, glb, behaviour: 'upstream-failure' });
    const hunyuan = await hunyuan3dProvider.startFake({ apiKey: key, glb, behaviour: 'upstream-failure' });
    try {
      const engine = createRemoteEngine({
        kind: 'generate-image',
        chain: parseEngineChain('generate-image', `tripo:${tripo.url}; meshy:${meshy.url}; hunyuan3d:${hunyuan.url}`),
        settings: { ...settings, pollMs: 10, retries: 0 },
      });
      const files = [{ field: 'images', filename: 'a.png', bytes: await png(32, 32, [10, 200, 10]) }];
      const { spec, inputs } = resolveGenerateRequest(
        rawRequest({ tier: 'Gen-2.5-Low', material: 'None', quality: 'extra-low', preview_render: 'false' }, files),
      );
      const run = engine.run({
        taskId: 'all-fail',
        spec,
        inputs,
        progress: () => undefined,
        signal: new AbortController().signal,
      });
      await assert.rejects(run, (error: unknown) => {
        assert.ok(error instanceof EngineError);
        assert.equal(error.code, 'REMOTE_ENGINE_FAILED');
        assert.deepEqual(error.details, { engines: ['tripo', 'meshy', 'hunyuan3d'] });
        assert.match(
          error.message,
          /^Every generate-image engine failed \(tried tripo, then meshy, then hunyuan3d\): 1\. tripo: .*refused Kiln's API key.*; 2\. meshy: .*FAILED.*; 3\. hunyuan3d: .*reported the generation failed.*Credits were refunded\.$/,
        );
        assert.ok(!error.message.includes(key), 'the key stays out of the message');
        return true;
      });
      // Every engine was really asked (the numbered list above gives the order they failed in).
      for (const fake of [tripo, meshy, hunyuan]) assert.ok(fake.requests.length >= 1, fake.url);
    } finally {
      delete process.env.KILN_TRIPO_API_KEY;
      delete process.env.KILN_MESHY_API_KEY;
      await Promise.all([tripo.close(), meshy.close(), hunyuan.close()]);
    }
  });
});

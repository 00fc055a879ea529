/**
 * Kiln in front of (fake) Hunyuan3D servers, driven through Kiln's HTTP API: the result honours the
 * client's budget and texture size whatever the server returned; a hang ends Failed and refunded after
 * the stage timeout; a crash moves to the next endpoint; garbage is refused naming the server; the
 * per-endpoint concurrency limit holds across worker threads.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { png } from '../../api/images.ts';
import {
  balance,
  downloadList,
  fetchAll,
  getJson,
  submit,
  waitDone,
  waitFinished,
  type Server,
} from '../../e2e/engines/server.ts';
import { assertValidGlb, readGlb } from '../generate/glb-checks.ts';
import { startFakeHunyuan, type FakeHunyuan } from './fake-hunyuan3d.ts';
import { FAST_REMOTE_ENV, startKiln } from './kiln.ts';

const fakes: FakeHunyuan[] = [];
const kilns: Server[] = [];
after(async () => {
  await Promise.all(kilns.map((kiln) => kiln.close()));
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function fake(options: Parameters<typeof startFakeHunyuan>[0]) {
  const started = await startFakeHunyuan(options);
  fakes.push(started);
  return started;
}

async function kiln(endpoints: FakeHunyuan[], env: Record<string, string> = {}, workers = 1) {
  const started = await startKiln(
    { ...FAST_REMOTE_ENV, KILN_ENGINE_GENERATE_IMAGE: `hunyuan3d:${endpoints.map((e) => e.url).join(',')}`, ...env },
    { workers },
  );
  kilns.push(started);
  return started;
}

let picture: Uint8Array;
before(async () => {
  picture = await png(64, 64, [30, 90, 200]);
});

const upload = () => [{ field: 'images', bytes: picture, filename: 'chair.png' }];

describe('remote engine: Hunyuan3D', () => {
  it('finishes a 39 600-face, 1K-texture model at the asked budget and 2K texture; the request maps tier, seed and budget', async () => {
    const server = await fake({ mode: 'ok', stepMs: 60 });
    const k = await kiln([server]);
    const accepted = await submit(
      k,
      '/api/v2/rodin',
      { tier: 'Gen-2.5-Low', quality_override: '3000', seed: '1234', material: 'PBR' },
      upload(),
    );
    await waitDone(k, accepted);
    const files = await fetchAll(await downloadList(k, accepted.uuid));
    const glbName = [...files.keys()].find((name) => name.endsWith('.glb'))!;
    const glb = files.get(glbName)!;
    await assertValidGlb(glb);
    const { faces, sizes, textures } = await readGlb(glb);
    assert.ok(Math.abs(faces - 3000) <= 30, `faces ${faces} within 1 % of 3000`);
    assert.deepEqual(sizes[0], [2048, 2048]);
    // The server's red-and-white checker was carried onto Kiln's atlas, not lost.
    const { data, info } = await sharp(textures[0].getImage()!).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    let white = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i] > 150 && data[i + 1] < 80) red++;
      else if (data[i] > 200 && data[i + 1] > 200) white++;
    }
    assert.ok(red > 100_000 && white > 100_000, `both checker colours in the texture (red ${red}, white ${white})`);
    assert.ok(files.has('preview.webp'));
    const [sent] = server.sent;
    assert.equal(sent.image, Buffer.from(picture).toString('base64'));
    assert.equal(sent.seed, 1234);
    assert.equal(sent.face_count, 3000);
    assert.equal(sent.texture, true);
    assert.equal(sent.type, 'glb');
    assert.equal(sent.octree_resolution, 196);
    // The server's time and each finishing step under the one `timings` key of the task record.
    const { notes } = await getJson(k, `/api/v2/tasks/${accepted.uuid}`);
    for (const stage of ['remote', 'import', 'repair', 'looks', 'budget', 'uv', 'bake', 'export'])
      assert.ok(Number.isFinite(notes.timings?.[stage]), `timings.${stage} in ${JSON.stringify(notes.timings)}`);
  });

  it('a server stuck in texturing ends Failed after the stage timeout, refunded, naming the server and stage', async () => {
    const server = await fake({ mode: 'hang-texturing', stepMs: 30 });
    const k = await kiln([server]);
    const before = await balance(k);
    const accepted = await submit(k, '/api/v2/rodin', { tier: 'Gen-2.5-Low', quality: 'extra-low' }, upload());
    const job = await waitFinished(k, accepted);
    assert.equal(job.status, 'Failed');
    assert.equal(await balance(k), before, 'refunded');
    const detail = await (
      await fetch(`${k.base}/api/v2/status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${k.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subscription_key: accepted.jobs.subscription_key }),
      })
    ).json();
    const text = JSON.stringify(detail);
    assert.match(text, new RegExp(`hunyuan3d at ${server.url.replace(/[.]/g, '\\.')}`));
    assert.match(text, /stayed in stage \\"remote texturing\\"|stayed in stage \\"texturing\\"/);
    assert.match(text, /KILN_REMOTE_STAGE_TIMEOUT_MS/, 'ended by the remote stage timeout, not the general one');
  });

  it('a crashed server is retried on the second endpoint and the task completes', async () => {
    const crashing = await fake({ mode: 'crash' });
    const healthy = await fake({ mode: 'ok', stepMs: 30 });
    const k = await kiln([crashing, healthy]);
    const accepted = await submit(
      k,
      '/api/v2/rodin',
      { tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None', preview_render: 'false' },
      upload(),
    );
    await waitDone(k, accepted);
    assert.equal(healthy.sent.length, 1, 'the second endpoint ran the job');
    const files = await fetchAll(await downloadList(k, accepted.uuid));
    assert.ok([...files.keys()].some((name) => name.endsWith('.glb')));
  });

  it('a server with only the synchronous POST /generate is used through it', async () => {
    const server = await fake({ mode: 'sync-only' });
    const k = await kiln([server]);
    const accepted = await submit(
      k,
      '/api/v2/rodin',
      { tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None', preview_render: 'false' },
      upload(),
    );
    await waitDone(k, accepted);
    assert.equal(server.sent.length, 1);
  });

  it('garbage from the server is refused with a message naming it, and refunded', async () => {
    const server = await fake({ mode: 'garbage', stepMs: 20 });
    const k = await kiln([server]);
    const before = await balance(k);
    const accepted = await submit(
      k,
      '/api/v2/rodin',
      { tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None' },
      upload(),
    );
    const job = await waitFinished(k, accepted);
    assert.equal(job.status, 'Failed');
    assert.equal(await balance(k), before);
    const detail = JSON.stringify(
      await (
        await fetch(`${k.base}/api/v2/status`, {
          method: 'POST',
          headers: { authorization: `Bearer ${k.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ subscription_key: accepted.jobs.subscription_key }),
        })
      ).json(),
    );
    assert.match(detail, /hunyuan3d at http:\/\/127\.0\.0\.1:\d+ returned a model Kiln cannot read/);
  });

  it('never runs more jobs on one endpoint than KILN_REMOTE_CONCURRENCY, across worker threads', async () => {
    const server = await fake({ mode: 'ok', stepMs: 150 });
    const k = await kiln([server], { KILN_REMOTE_CONCURRENCY: '1' }, 3);
    const accepted = await Promise.all(
      [1, 2, 3].map((seed) =>
        submit(
          k,
          '/api/v2/rodin',
          { tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None', preview_render: 'false', seed: String(seed) },
          upload(),
        ),
      ),
    );
    for (const task of accepted) await waitDone(k, task);
    assert.equal(server.sent.length, 3);
    assert.equal(server.maxInFlight, 1);
  });
});

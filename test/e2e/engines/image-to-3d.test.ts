/**
 * Image-to-3D over HTTP with the real built-in engine: a picture the test draws (a red disc on a
 * white background, no alpha) → Done → a validator-clean GLB with the tabled 2K base colour that is
 * mostly the picture's red; two labelled views sent out of the default order → the box they show, in
 * glTF axes; a two-colour front picture → its right half on the asset's +X side; an empty picture
 * (uniform grey, or noise) → refused at submission, nothing charged; a JPEG photograph over a real
 * background → Done with the mask confidence recorded, byte-identical GLBs for the same seed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { flattenScene } from '../../../src/geometry/ops/index.ts';
import { assertValidGlb, baseColorSizes, imageSize, reimport, triangleCount } from './checks.ts';
import { balance, generateAndFetch, getJson, isBuiltin, startServer, TEST_TIMEOUT_MS, type Server } from './server.ts';

const skip = isBuiltin('generate-image') ? false : 'generate-image is not registered in src/engines/builtin.ts yet';
let server: Server;

before(async () => {
  if (!skip) server = await startServer({ warm: ['generate-image'] });
});
after(async () => server?.close());

async function redDisc(): Promise<Uint8Array> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384"><rect width="384" height="384" fill="#ffffff"/><ellipse cx="192" cy="200" rx="110" ry="140" fill="#c8281e"/></svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer());
}

/** Independent grey noise: a picture with no object in it. */
async function noise(): Promise<Uint8Array> {
  const data = Buffer.alloc(256 * 256 * 3);
  let state = 12345;
  for (let i = 0; i < data.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = data[i + 1] = data[i + 2] = state >>> 24;
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: 256, height: 256, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A red jug drawn over a real photograph (gravel, CC0, bench/data/photos), with a contact shadow, as a 1024² JPEG. */
async function photo(): Promise<Uint8Array> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">' +
    '<ellipse cx="512" cy="800" rx="260" ry="50" fill="#000" fill-opacity="0.45"/>' +
    '<rect x="380" y="300" width="260" height="500" rx="60" fill="#b8281e"/>' +
    '<path d="M640 400 q140 0 140 130 q0 130 -140 130" stroke="#b8281e" stroke-width="36" fill="none"/></svg>';
  const overlay = await sharp(Buffer.from(svg)).blur(1.2).png().toBuffer();
  const backdrop = new URL('../../../bench/data/photos/gravel.jpg', import.meta.url).pathname;
  return new Uint8Array(
    await sharp(backdrop)
      .resize(1024, 1024)
      .composite([{ input: overlay }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

async function uniformGrey(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .png()
      .toBuffer(),
  );
}

/** Mean RGB of a GLB's first base-colour map. */
async function meanBaseColour(glb: Uint8Array): Promise<[number, number, number]> {
  const doc = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(glb);
  const image = doc
    .getRoot()
    .listMaterials()
    .map((m) => m.getBaseColorTexture()?.getImage())
    .find(Boolean)!;
  const { channels } = await sharp(image).removeAlpha().stats();
  return [channels[0].mean, channels[1].mean, channels[2].mean];
}

test("a drawn picture becomes a valid GLB with the tabled 2K map in the picture's colour", {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const faces = 2000;
  const { accepted, files } = await generateAndFetch(
    server,
    { tier: 'Gen-2.5-Low', quality_override: String(faces), geometry_file_format: 'glb' },
    // No Content-Type and a meaningless name, as some clients send images.
    [{ field: 'images', bytes: await redDisc(), filename: '0000' }],
  );
  assert.match(accepted.prompt ?? '', /red/i, `the response describes the picture: ${accepted.prompt}`);
  assert.deepEqual([...files.keys()].sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = files.get('base_basic_pbr.glb')!;
  await assertValidGlb(glb, 'image-to-3D GLB');
  const got = triangleCount(await reimport('base_basic_pbr.glb', files));
  assert.ok(Math.abs(got - faces) <= faces * 0.02, `${got} triangles for quality_override=${faces}`);
  const sizes = await baseColorSizes(glb);
  assert.ok(sizes.length > 0, 'a base-colour map');
  for (const size of sizes) assert.deepEqual(size, [2048, 2048]);
  const [r, g, b] = await meanBaseColour(glb);
  assert.ok(
    r > 2 * g && r > 2 * b,
    `the map is the disc's red, not the white background: mean ${[r, g, b].map(Math.round)}`,
  );
  assert.equal((await imageSize(files.get('preview.webp')!)).format, 'webp');
  const record = await getJson(server, `/api/v2/tasks/${accepted.uuid}`);
  assert.equal(record.engine, 'generate-image');
  assert.equal(record.effective.texture_resolution, '2K');
});

async function blueBar(width: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#ffffff"/><rect x="${256 - width / 2}" y="100" width="${width}" height="312" fill="#2050c0"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

test('labelled views (docs/api-guide.md "Views"): a side view sent first with image_label R,F gives the right proportions; uhd_texture=True gives 4K', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  // A box 200 wide (seen from the front, +Z), 100 deep (seen from the right, +X) and 312 tall.
  const { files } = await generateAndFetch(
    server,
    { tier: 'Gen-2.5-Low', quality: 'extra-low', image_label: 'R,F', uhd_texture: 'True' },
    [
      { field: 'images', bytes: await blueBar(100), filename: 'right.png' },
      { field: 'images', bytes: await blueBar(200), filename: 'front.png' },
    ],
  );
  await assertValidGlb(files.get('base_basic_pbr.glb')!, 'two-view GLB');
  const sizes = await baseColorSizes(files.get('base_basic_pbr.glb')!);
  assert.ok(sizes.length > 0, 'a base-colour map');
  for (const size of sizes)
    assert.deepEqual(size, [4096, 4096], 'uhd_texture without HighPack: 4K (docs/spec/api.md table)');
  const mesh = flattenScene(await reimport('base_basic_pbr.glb', files));
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    for (let k = 0; k < 3; k += 1) {
      min[k] = Math.min(min[k], mesh.positions[i + k]);
      max[k] = Math.max(max[k], mesh.positions[i + k]);
    }
  }
  const [x, y, z] = max.map((v, k) => v - min[k]);
  assert.ok(
    Math.abs(x / y - 200 / 312) < 0.04,
    `width/height ${(x / y).toFixed(3)} (front view: ${(200 / 312).toFixed(3)})`,
  );
  assert.ok(
    Math.abs(z / y - 100 / 312) < 0.04,
    `depth/height ${(z / y).toFixed(3)} (right view: ${(100 / 312).toFixed(3)})`,
  );
});

test('the front picture\'s right half lands on the asset\'s +X side (docs/api-guide.md "Views": front camera on +Z)', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  // Left half red, right half blue, on white.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384"><rect width="384" height="384" fill="#ffffff"/><rect x="72" y="72" width="120" height="240" fill="#c8281e"/><rect x="192" y="72" width="120" height="240" fill="#2050c0"/></svg>';
  const picture = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
  const { files } = await generateAndFetch(server, { tier: 'Gen-2.5-Low', quality: 'extra-low' }, [
    { field: 'images', bytes: picture, filename: 'front.png' },
  ]);
  const doc = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(files.get('base_basic_pbr.glb')!);
  const votes = { left: { red: 0, blue: 0 }, right: { red: 0, blue: 0 } };
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const image = primitive.getMaterial()?.getBaseColorTexture()?.getImage();
      const positions = primitive.getAttribute('POSITION')?.getArray();
      const uvs = primitive.getAttribute('TEXCOORD_0')?.getArray();
      if (!image || !positions || !uvs) continue;
      const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let maxX = 0;
      let maxZ = 0;
      for (let i = 0; i < positions.length; i += 3) {
        maxX = Math.max(maxX, Math.abs(positions[i]));
        maxZ = Math.max(maxZ, positions[i + 2]);
      }
      for (let v = 0; v < positions.length / 3; v += 1) {
        const [x, z] = [positions[v * 3], positions[v * 3 + 2]];
        if (z < maxZ * 0.5 || Math.abs(x) < maxX * 0.3) continue; // front-facing, clear of the middle seam
        const px = Math.min(info.width - 1, Math.floor(uvs[v * 2] * info.width));
        const py = Math.min(info.height - 1, Math.floor(uvs[v * 2 + 1] * info.height)); // glTF: v runs down
        const at = (py * info.width + px) * info.channels;
        const side = x > 0 ? votes.right : votes.left;
        if (data[at] > data[at + 2]) side.red += 1;
        else side.blue += 1;
      }
    }
  }
  assert.ok(
    votes.right.blue + votes.right.red >= 20 && votes.left.blue + votes.left.red >= 20,
    `enough front vertices sampled: ${JSON.stringify(votes)}`,
  );
  assert.ok(votes.right.blue > 3 * votes.right.red, `+X is the picture's right (blue): ${JSON.stringify(votes)}`);
  assert.ok(votes.left.red > 3 * votes.left.blue, `−X is the picture's left (red): ${JSON.stringify(votes)}`);
});

test('an empty picture (flat colour, or noise) is refused at submission with a clear message and nothing charged', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const start = await balance(server);
  for (const [bytes, name, words] of [
    [await uniformGrey(), 'grey.png', /flat colour/],
    [await noise(), 'noise.png', /noise/],
  ] as const) {
    const form = new FormData();
    form.append('tier', 'Gen-2.5-Low');
    form.append('images', new Blob([(await photo()) as BlobPart]), 'object.jpg');
    form.append('images', new Blob([bytes as BlobPart]), name);
    const response = await fetch(`${server.base}/api/v2/rodin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}` },
      body: form,
    });
    const body = await response.json();
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(body.error, 'INVALID_REQUEST');
    assert.match(body.message, words);
    assert.match(body.message, new RegExp(`images #2 \\("${name}"\\)`), `names the picture: ${body.message}`);
    assert.match(body.message, /Nothing was charged/);
  }
  assert.equal(await balance(server), start, 'nothing charged');
});

test('a JPEG photograph on a real background: Done, mask confidence in the task record, byte-identical GLB for the same seed', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const fields = { tier: 'Gen-2.5-Low', seed: '5', geometry_file_format: 'glb' };
  const first = await generateAndFetch(server, fields, [
    { field: 'images', bytes: await photo(), filename: 'photo.jpg' },
  ]);
  const second = await generateAndFetch(server, fields, [
    { field: 'images', bytes: await photo(), filename: 'photo.jpg' },
  ]);
  const glb = first.files.get('base_basic_pbr.glb')!;
  await assertValidGlb(glb, 'photo GLB');
  assert.ok(
    Buffer.from(glb).equals(Buffer.from(second.files.get('base_basic_pbr.glb')!)),
    'the same photograph and seed give the same bytes',
  );
  const record = await getJson(server, `/api/v2/tasks/${first.accepted.uuid}`);
  const confidence = record.notes?.maskConfidence;
  assert.ok(
    Array.isArray(confidence) && confidence.length === 1,
    `the record carries the mask confidence: ${JSON.stringify(record.notes)}`,
  );
  assert.ok(confidence[0] > 0.5 && confidence[0] <= 1, `a clear photograph is trusted: ${confidence[0]}`);
  const [r, g, b] = await meanBaseColour(glb);
  assert.ok(r > 1.5 * g && r > 1.5 * b, `the map is the object's red, not the gravel: ${[r, g, b].map(Math.round)}`);
});

/**
 * Renders docs/bang-contact-sheet.png: Bang on Kiln's own assets, not on benchmark meshes. Each tile is
 * the exploded preview the Bang engine itself writes (preview.webp), captioned with the input and the
 * pieces it gave:
 * - text-to-3D assets (the text engine's GLB for a prompt, fast mode: 20k faces),
 * - image-to-3D assets (the image engine's GLB for a drawn picture),
 * - multi-node uploads (a GLB whose parts are separate scene nodes: Bang keeps them apart where the
 *   strength allows).
 * 20 splits: 14 text assets, 3 image assets, 3 uploads.
 * Every Bang output is checked as the tests check it: the GLB passes the Khronos validator and every
 * piece is closed by position; the script prints one line per split and fails if any is not.
 *
 *   npx tsx scripts/bang-contact-sheet.ts                    # writes docs/bang-contact-sheet.png
 *   npx tsx scripts/bang-contact-sheet.ts --only 0,5 --out /tmp/sheet.png
 */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import validator from 'gltf-validator';
import bang from '../src/engines/bang/index.ts';
import { loadManifold } from '../src/engines/bang/solid.ts';
import { resolveGenerateRequest } from '../src/domain/generate-request.ts';
import { pieceCountForStrength } from '../src/domain/mesh-rules.ts';
import type { BangSpec, GenerateSpec } from '../src/domain/task-spec.ts';
import type { Engine } from '../src/engines/engine.ts';
import { writeGlb } from '../src/geometry/export/index.ts';
import { importModel } from '../src/geometry/import/index.ts';
import { createMesh, createNode, defaultMaterial, type Mesh, type SceneNode } from '../src/geometry/mesh.ts';
import { isWatertight, meshInstances } from '../src/geometry/ops/index.ts';

const TILE = 300;
const CAPTION = 50;
const COLUMNS = 5;

interface Case {
  /** First caption line. */
  title: string;
  /** What the input is (second caption line, before the result). */
  kind: string;
  strength: number;
  model: () => Promise<Uint8Array>;
}

const engineRun = async (engine: Engine<GenerateSpec>, fields: Record<string, string>, files = [] as RawFiles) => {
  const submission = resolveGenerateRequest({
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
    files,
  });
  const result = await engine.run({
    taskId: 'sheet',
    spec: submission.spec as GenerateSpec,
    inputs: submission.inputs,
    progress: () => {},
    signal: new AbortController().signal,
  });
  return result.files.find((f) => f.name.endsWith('.glb'))!.bytes;
};
type RawFiles = { field: string; filename: string; bytes: Uint8Array }[];

/** The text engine's asset for a prompt (fast mode: quality_override 20000, GLB). */
const textAsset = (prompt: string) => async () => {
  const { default: engine } = await import('../src/engines/generate/text/index.ts');
  return engineRun(engine, { prompt, tier: 'Gen-2.5-Medium', quality_override: '20000', seed: '11' });
};

/** The image engine's asset for a drawn picture (an SVG body on a light backdrop). */
const imageAsset = (svgBody: string) => async () => {
  const { default: engine } = await import('../src/engines/generate/image/index.ts');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="100%" height="100%" fill="#efeee8"/>${svgBody}</svg>`;
  const bytes = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
  return engineRun(engine, { tier: 'Gen-2.5-Medium', quality_override: '20000', seed: '11' }, [
    { field: 'images', filename: 'picture.png', bytes },
  ]);
};

/** A closed box mesh between two corners. */
function box(min: [number, number, number], max: [number, number, number]): Mesh {
  const p: number[] = [];
  for (let i = 0; i < 8; i++) p.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  // Outward-wound quads as triangle pairs: −x, +x, −y, +y, −z, +z.
  const quads = [
    [0, 4, 6, 2],
    [1, 3, 7, 5],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 2, 3, 1],
    [4, 5, 7, 6],
  ];
  const indices = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
  return createMesh(Float32Array.from(p), Uint32Array.from(indices));
}

/** A UV sphere from manifold-3d (closed). */
async function sphere(centre: [number, number, number], radius: number): Promise<Mesh> {
  const wasm = await loadManifold();
  const solid = wasm.Manifold.sphere(radius, 48).translate(centre);
  const gl = solid.getMesh();
  const positions = new Float32Array((gl.vertProperties.length / gl.numProp) * 3);
  for (let v = 0; v < positions.length / 3; v++)
    for (let k = 0; k < 3; k++) positions[3 * v + k] = gl.vertProperties[v * gl.numProp + k];
  solid.delete();
  return createMesh(positions, Uint32Array.from(gl.triVerts));
}

/** A GLB with one scene node per mesh, as a modelling tool exports separate objects. */
const nodesUpload = (parts: () => Promise<[string, Mesh][]>) => async () =>
  writeGlb({
    materials: [defaultMaterial()],
    roots: (await parts()).map(([name, mesh]): SceneNode => createNode(name, mesh)),
  });

const legs = (x: number, z: number, top: number): [string, Mesh][] =>
  [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ].map(([sx, sz], i) => [`leg${i}`, box([sx * x - 0.06, 0, sz * z - 0.06], [sx * x + 0.06, top, sz * z + 0.06])]);

const CASES: Case[] = [
  ...[
    'a horse',
    'a wooden chair',
    'a red sports car',
    'a dining table',
    'a dog',
    'a giraffe',
    'an office chair',
    'a bicycle',
    'a desk lamp',
    'an airplane',
    'a teddy bear',
    'a cow',
    'a wheelbarrow',
    'a robot',
  ].map((prompt): Case => ({ title: `“${prompt}”`, kind: 'text asset', strength: 5, model: textAsset(prompt) })),
  {
    title: 'a drawn figure with arms',
    kind: 'image asset',
    strength: 4,
    model: imageAsset(
      '<ellipse cx="256" cy="300" rx="110" ry="140" fill="#c84830"/><circle cx="256" cy="125" r="70" fill="#e0b050"/>' +
        '<ellipse cx="120" cy="280" rx="28" ry="90" fill="#c84830"/><ellipse cx="392" cy="280" rx="28" ry="90" fill="#c84830"/>',
    ),
  },
  {
    title: 'a drawn mug',
    kind: 'image asset',
    strength: 2,
    model: imageAsset(
      '<rect x="150" y="140" width="170" height="230" rx="20" fill="#3060c0"/><path d="M320 190 q90 0 90 70 q0 70 -90 70" stroke="#3060c0" stroke-width="34" fill="none"/>',
    ),
  },
  {
    title: 'a drawn star',
    kind: 'image asset',
    strength: 5,
    model: imageAsset(
      '<polygon points="256,60 300,200 450,200 330,290 375,440 256,350 137,440 182,290 62,200 212,200" fill="#e0a020"/>',
    ),
  },
  {
    title: 'a table of 5 objects',
    kind: 'multi-node upload',
    strength: 4,
    model: nodesUpload(async () => [['top', box([-1, 0.9, -0.6], [1, 1, 0.6])], ...legs(0.85, 0.45, 0.9)]),
  },
  {
    title: 'a chair of 6 objects',
    kind: 'multi-node upload',
    strength: 5,
    model: nodesUpload(async () => [
      ['seat', box([-0.5, 0.9, -0.5], [0.5, 1, 0.5])],
      ['back', box([-0.5, 1, 0.4], [0.5, 2, 0.5])],
      ...legs(0.42, 0.42, 0.9),
    ]),
  },
  {
    title: 'a snowman of 3 objects',
    kind: 'multi-node upload',
    strength: 2,
    model: nodesUpload(async () => [
      ['base', await sphere([0, 0.5, 0], 0.5)],
      ['middle', await sphere([0, 1.3, 0], 0.3)],
      ['head', await sphere([0, 1.8, 0], 0.2)],
    ]),
  },
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function caption(first: string, second: string): Buffer {
  const clip = (t: string, most: number) => (t.length > most ? `${t.slice(0, most - 1)}…` : t);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${CAPTION}">` +
      `<rect width="100%" height="100%" fill="#ececec"/>` +
      `<text x="8" y="20" font-family="sans-serif" font-size="15" fill="#222">${escapeXml(clip(first, 36))}</text>` +
      `<text x="8" y="40" font-family="sans-serif" font-size="12" fill="#666">${escapeXml(clip(second, 50))}</text></svg>`,
  );
}

function bangSpec(strength: number): BangSpec {
  return {
    kind: 'bang',
    mode: 'custom',
    strength,
    pieceTarget: pieceCountForStrength(strength),
    material: 'PBR',
    geometryFileFormat: 'glb',
    modelFormat: 'glb',
    hasReferenceImage: false,
    seed: 0,
  };
}

/** Splits one case with the Bang engine; returns its tile and a line for the log (throws on a bad output). */
async function tile(c: Case): Promise<{ image: Buffer; line: string }> {
  const model = await c.model();
  const nodes = meshInstances(await importModel(model, { filename: 'input.glb' })).length;
  const t0 = performance.now();
  const result = await bang.run({
    taskId: 'sheet',
    spec: bangSpec(c.strength),
    inputs: [{ field: 'model', filename: 'input.glb', bytes: model }],
    progress: () => {},
    signal: new AbortController().signal,
  });
  const seconds = (performance.now() - t0) / 1000;
  const glb = result.files.find((f) => f.name.endsWith('.glb'))!;
  const report = (await validator.validateBytes(glb.bytes, { maxIssues: 10 })) as { issues: { numErrors: number } };
  const pieces = meshInstances(await importModel(glb.bytes, { filename: glb.name }));
  const open = pieces.filter(({ mesh }) => !isWatertight(mesh, { byPosition: true })).length;
  if (report.issues.numErrors > 0 || open > 0)
    throw new Error(`${c.title}: ${report.issues.numErrors} validator errors, ${open} open pieces`);
  const notes = result.notes as { pieces: number; pieceTarget: number; volumeError: number; repaired: unknown };
  const preview = result.files.find((f) => f.name === 'preview.webp')!;
  const image = await sharp(preview.bytes).resize(TILE, TILE).png().toBuffer();
  const second = `${c.kind}${nodes > 1 ? ` (${nodes} nodes)` : ''} · strength ${c.strength} → ${notes.pieces} pieces`;
  return {
    image: await sharp({ create: { width: TILE, height: TILE + CAPTION, channels: 4, background: '#ececec' } })
      .composite([
        { input: image, left: 0, top: 0 },
        { input: caption(c.title, second), left: 0, top: TILE },
      ])
      .png()
      .toBuffer(),
    line:
      `${c.title.padEnd(28)} ${c.kind.padEnd(17)} nodes ${nodes}  strength ${c.strength} → ${notes.pieces}/${notes.pieceTarget} pieces, ` +
      `closed, volume error ${notes.volumeError.toExponential(1)}, repaired ${notes.repaired ? 'yes' : 'no'}, ${seconds.toFixed(1)} s`,
  };
}

const argument = (name: string) => {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : undefined;
};
const only = argument('--only')?.split(',').map(Number);
const cases = only ? only.map((i) => CASES[i]) : CASES;
const tiles: Buffer[] = [];
for (const c of cases) {
  const { image, line } = await tile(c);
  tiles.push(image);
  console.log(line);
}
const rows = Math.ceil(tiles.length / COLUMNS);
await mkdir(new URL('../docs/', import.meta.url), { recursive: true });
const out = argument('--out') ?? new URL('../docs/bang-contact-sheet.png', import.meta.url).pathname;
await sharp({
  create: { width: COLUMNS * TILE, height: rows * (TILE + CAPTION), channels: 4, background: '#ffffff' },
})
  .composite(
    tiles.map((input, i) => ({ input, left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * (TILE + CAPTION) })),
  )
  .png({ compressionLevel: 9 })
  .toFile(out);
console.log(`wrote ${out}: ${tiles.length} splits`);
console.log(`command: npx tsx scripts/bang-contact-sheet.ts ${process.argv.slice(2).join(' ')}`);

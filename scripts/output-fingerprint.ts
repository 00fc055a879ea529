/**
 * Prints the SHA-256 of every file the three engines write for a fixed set of small runs (fixed seeds,
 * the smallest tiers), so a refactor can prove it changed no output byte:
 *
 *   npx tsx scripts/output-fingerprint.ts > /tmp/after.txt && diff scripts/output-fingerprint.baseline.txt /tmp/after.txt
 *
 * Inputs are made here (an SVG picture, a prompt, an OBJ of stacked boxes, and the text engine's own
 * GLB), so the script needs nothing outside the repository. Runs in-process, one run after another.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  resolveBangRequest,
  resolveGenerateRequest,
  type RawRequest,
  type ResolvedSubmission,
  type TaskSpec,
} from '../src/domain/index.ts';
import bang from '../src/engines/bang/index.ts';
import { detectModelFormat } from '../src/geometry/import/detect.ts';
import type { Engine, EngineResult } from '../src/engines/engine.ts';
import imageEngine from '../src/engines/generate/image/index.ts';
import textEngine from '../src/engines/generate/text/index.ts';

type RawFile = RawRequest['files'][number];

function raw(fields: Record<string, string>, files: RawFile[] = []): RawRequest {
  return { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), files };
}

async function picture(): Promise<Uint8Array> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="100%" height="100%" fill="#f4f4f0"/>' +
    '<ellipse cx="128" cy="140" rx="62" ry="82" fill="#c83c28"/><circle cx="128" cy="62" r="38" fill="#e0b040"/>' +
    '<rect x="108" y="125" width="40" height="30" fill="#2850c8"/></svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Two boxes stacked with a thin neck between them, as OBJ text (a part boundary Bang can find). */
function stackedBoxesObj(): Uint8Array {
  const boxes: Array<[number, number, number, number, number, number]> = [
    [-1, 0, -1, 1, 2, 1],
    [-0.3, 2, -0.3, 0.3, 2.4, 0.3],
    [-0.8, 2.4, -0.8, 0.8, 4, 0.8],
  ];
  const lines: string[] = [];
  boxes.forEach(([x0, y0, z0, x1, y1, z1], b) => {
    for (const [x, y, z] of [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y1, z0],
      [x0, y1, z0],
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ]) {
      lines.push(`v ${x} ${y} ${z}`);
    }
    const o = b * 8;
    for (const [a, c, d, e] of [
      [1, 4, 3, 2],
      [5, 6, 7, 8],
      [1, 2, 6, 5],
      [2, 3, 7, 6],
      [3, 4, 8, 7],
      [4, 1, 5, 8],
    ]) {
      lines.push(`f ${a + o} ${c + o} ${d + o} ${e + o}`);
    }
  });
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

async function run<S extends TaskSpec>(engine: Engine<S>, submission: ResolvedSubmission<S>): Promise<EngineResult> {
  return engine.run({
    taskId: 'fingerprint',
    spec: submission.spec,
    inputs: submission.inputs,
    progress: () => {},
    signal: new AbortController().signal,
  });
}

/** Wall-clock timings in the notes differ run to run; everything else in them must not. */
const withoutTimings = (key: string, value: unknown) => (/^timings/.test(key) ? undefined : value);

function print(label: string, result: EngineResult): void {
  for (const file of [...result.files].sort((a, b) => a.name.localeCompare(b.name))) {
    const hash = createHash('sha256').update(file.bytes).digest('hex');
    console.log(`${label} ${file.name} ${file.contentType} ${hash}`);
  }
  console.log(
    `${label} notes ${createHash('sha256')
      .update(JSON.stringify(result.notes ?? {}, withoutTimings))
      .digest('hex')}`,
  );
}

const small = { tier: 'Gen-2.5-Extreme-Low', quality: 'extra-low' };
const image = await picture();

const text = await run(
  textEngine,
  resolveGenerateRequest(raw({ ...small, prompt: 'a blue ceramic teapot', seed: '5' })),
);
print('text-glb', text);
const teapot = resolveGenerateRequest(
  raw({ ...small, prompt: 'a blue ceramic teapot with a glowing zorblax', seed: '5' }),
);
console.log(`text-describe ${JSON.stringify(await textEngine.describePrompt!(teapot.spec, teapot.inputs))}`);
print(
  'text-obj-shaded',
  await run(
    textEngine,
    resolveGenerateRequest(
      raw({ ...small, prompt: 'a red mushroom', seed: '2', geometry_file_format: 'obj', material: 'Shaded' }),
    ),
  ),
);
print(
  'text-fbx',
  await run(
    textEngine,
    resolveGenerateRequest(raw({ ...small, prompt: 'a wooden chair', seed: '1', geometry_file_format: 'fbx' })),
  ),
);

print(
  'image-glb',
  await run(
    imageEngine,
    resolveGenerateRequest(raw({ ...small, seed: '3' }, [{ field: 'images', filename: 'front.png', bytes: image }])),
  ),
);
print(
  'image-usdz-two-views',
  await run(
    imageEngine,
    resolveGenerateRequest(
      raw({ ...small, seed: '4', geometry_file_format: 'usdz' }, [
        { field: 'images', filename: 'a.png', bytes: image },
        { field: 'images', filename: 'b.png', bytes: image },
      ]),
    ),
  ),
);

const boxes = { field: 'model', filename: 'boxes.obj', bytes: stackedBoxesObj() };
print(
  'bang-obj-none',
  await run(
    bang,
    resolveBangRequest(
      raw({ material: 'None', strength: '2', geometry_file_format: 'stl' }, [boxes]),
      undefined,
      detectModelFormat,
    ),
  ),
);
print(
  'bang-obj-image',
  await run(
    bang,
    resolveBangRequest(
      raw({ strength: '2', resolution: '256', geometry_file_format: 'obj' }, [
        boxes,
        { field: 'image', filename: 'ref.png', bytes: image },
      ]),
      undefined,
      detectModelFormat,
    ),
  ),
);
const textGlb = text.files.find((f) => f.name.endsWith('.glb'))!;
print(
  'bang-generated-glb',
  await run(
    bang,
    resolveBangRequest(
      raw({ material: 'None', strength: '3', geometry_file_format: 'glb' }, [
        { field: 'model', filename: 'teapot.glb', bytes: textGlb.bytes },
      ]),
      undefined,
      detectModelFormat,
    ),
  ),
);

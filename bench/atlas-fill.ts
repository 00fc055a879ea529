/**
 * How much of the texture map a text asset's UV atlas uses at Medium (150 000 faces, 2048²): the summed
 * UV area of its triangles as a share of the square, and the atlas's extent on each axis. A long strip
 * (a spear's shaft) or an empty chart once shrank every chart to a few per cent of the map. Prompts
 * are long, tall or thin things plus a few ordinary ones; two seeds each. A tree path compares another
 * checkout (e.g. a `git archive` of an older commit beside node_modules).
 *
 *   npx tsx bench/atlas-fill.ts              # this tree
 *   npx tsx bench/atlas-fill.ts /tmp/base    # another checkout
 */
import { resolve } from 'node:path';

const tree = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const { interpretPrompt } = await import(`${tree}/src/engines/generate/text/understand/index.ts`);
const { buildAsset, warmGenerators } = await import(`${tree}/src/engines/generate/text/generators/build.ts`);
const ops = await import(`${tree}/src/geometry/ops/index.ts`);

const PROMPTS = [
  'a horse',
  'a knight',
  'a cat',
  'a robot',
  'a castle',
  'a tall tower',
  'a tall vase',
  'a lamp post',
  'a giraffe',
  'a rocket',
  'a tree',
  'a pine tree',
  'a sword',
  'a spear',
  'a candle',
  'a bottle',
  'a chess rook',
  'a windmill',
  'a church',
  'a tall stone lighthouse',
  'a lighthouse',
  'a pillar',
  'a totem pole',
  'a palm tree',
  'a tall glass',
  'a flagpole',
  'a street lamp',
  'a chimney',
  'a snake',
  'a tall cactus',
];
const FACES = 150_000;

await warmGenerators();
const shares: number[] = [];
let cramped = 0;
console.log('prompt | seed | map used | u extent | v extent');
for (const prompt of PROMPTS)
  for (const seed of [1, 2]) {
    const asset = await buildAsset(interpretPrompt(prompt), { seed, creative: false, fast: false, maxFaces: FACES });
    const mesh = ops.subdivideToCount(asset.mesh, FACES);
    const atlas = ops.generateUvAtlas({ ...mesh, normals: undefined, uvs: undefined }, { textureSize: 2048 });
    const U: Float32Array = atlas.uvs;
    const I: Uint32Array = atlas.indices;
    let used = 0,
      maxU = 0,
      maxV = 0;
    for (let t = 0; t < I.length / 3; t++) {
      const a = I[t * 3] * 2,
        b = I[t * 3 + 1] * 2,
        c = I[t * 3 + 2] * 2;
      used += Math.abs((U[b] - U[a]) * (U[c + 1] - U[a + 1]) - (U[b + 1] - U[a + 1]) * (U[c] - U[a])) / 2;
    }
    for (let i = 0; i < U.length; i += 2) {
      maxU = Math.max(maxU, U[i]);
      maxV = Math.max(maxV, U[i + 1]);
    }
    shares.push(used);
    if (Math.min(maxU, maxV) < 0.5) cramped++;
    console.log(`${prompt} | ${seed} | ${(used * 100).toFixed(1)} % | ${maxU.toFixed(3)} | ${maxV.toFixed(3)}`);
  }
shares.sort((a, b) => a - b);
console.log(
  `\n${shares.length} atlases: map used min ${(shares[0] * 100).toFixed(1)} %, median ${(shares[shares.length >> 1] * 100).toFixed(1)} %; under half the square on one axis: ${cramped}`,
);

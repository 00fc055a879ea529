/**
 * Issue #31, text Medium row: CPU time of the text bake alone (colour through the shaders, the side
 * buffers' dilation, the metallic-roughness and normal maps), one thread, for the speed bench's three
 * prompts at Medium, several rounds in one process (the first is JIT warm-up). Each bake prints a hash
 * of its three maps, so a change meant only to be faster can be seen to give the same bytes. Two trees
 * are compared by running this alternately with each tree's path (e.g. a `git archive` of main beside
 * node_modules).
 *
 *   npx tsx bench/text-bake-cpu.ts                 # this tree, 4 rounds
 *   npx tsx bench/text-bake-cpu.ts /tmp/main 5     # another checkout, 5 rounds
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

const tree = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const rounds = Number(process.argv[3] ?? 4);
const { resolveGenerateRequest } = await import(`${tree}/src/domain/index.ts`);
const { interpretPrompt } = await import(`${tree}/src/engines/generate/text/understand/index.ts`);
const { buildAsset, warmGenerators } = await import(`${tree}/src/engines/generate/text/generators/build.ts`);
const ops = await import(`${tree}/src/geometry/ops/index.ts`);
const { bakeMaterials } = await import(`${tree}/src/engines/generate/text/materials/bake-materials.ts`);
const prompts = ['a red wooden chair with four legs', 'a tall stone lighthouse', 'a cute cartoon dog'];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
await warmGenerators();
const cases = [];
for (const [k, prompt] of prompts.entries()) {
  const spec = resolveGenerateRequest({
    fields: { tier: ['Gen-2.5-Medium'], prompt: [prompt], seed: [String(k + 1)] },
    files: [],
  }).spec;
  const it = interpretPrompt(prompt);
  const asset = await buildAsset(it, {
    seed: spec.seed,
    creative: spec.creative,
    fast: spec.fastMode,
    maxFaces: spec.faceBudget,
  });
  const budgeted = ops.subdivideToCount(asset.mesh, spec.faceBudget);
  const atlas = ops.computeNormals(
    ops.generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: spec.textureResolution }),
  );
  const lowPoly = it.styles.includes('low-poly');
  const style = {
    weathered: it.styles.includes('weathered'),
    flat: lowPoly || it.styles.includes('cartoon'),
    fast: false,
  };
  const tm = new Uint16Array(budgeted.indices.length / 3);
  for (const g of budgeted.groups) tm.fill(g.material, g.start, g.start + g.count);
  cases.push({
    prompt,
    atlas,
    materials: asset.materials,
    options: { size: spec.textureResolution, seed: spec.seed, style, triangleMaterials: tm },
  });
}
for (let r = 0; r < rounds; r++) {
  const row = [];
  for (const c of cases) {
    const c0 = cpu();
    const maps = bakeMaterials(c.atlas, c.materials, c.options);
    const ms = cpu() - c0;
    const h = createHash('sha256');
    for (const m of [maps.baseColor, maps.metallicRoughness, maps.normal]) h.update(m.data);
    row.push(`${ms.toFixed(0).padStart(5)} ${h.digest('hex').slice(0, 8)}`);
  }
  console.log(`round ${r}`, row.join(' | '), `size ${cases[0].options.size}`);
}

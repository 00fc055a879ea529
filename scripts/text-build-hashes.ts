/**
 * A hash of the mesh and materials of every profile of every text-engine family, built three ways
 * (default; creative with a 20k budget; fast with a 2k budget), so a refactor of the generators can show
 * it changed no form: run it before and after and diff the two outputs.
 *
 *   npx tsx scripts/text-build-hashes.ts > /tmp/before.txt     # every profile (slow: ~1,500 builds)
 *   npx tsx scripts/text-build-hashes.ts --part-lists          # only the profiles built from generators/parts/*.json
 *   npx tsx scripts/text-build-hashes.ts --categories object,hat   # only these categories' profiles
 *   npx tsx scripts/text-build-hashes.ts --prompts 'a wizard;a school bus'   # these prompts as read
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { CATEGORIES } from '../src/engines/generate/text/catalog.ts';
import { buildAsset, type BuildOptions } from '../src/engines/generate/text/generators/build.ts';
import { readPartListFile } from '../src/engines/generate/text/generators/part-list.ts';
import { interpretPrompt } from '../src/engines/generate/text/understand/index.ts';

const onlyPartLists = process.argv.includes('--part-lists');
const categoriesAt = process.argv.indexOf('--categories');
const onlyCategories = categoriesAt > 0 ? new Set(process.argv[categoriesAt + 1].split(',')) : undefined;
const partListIds = new Set(
  readdirSync(new URL('../src/engines/generate/text/generators/parts/', import.meta.url))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => readPartListFile(f.slice(0, -'.json'.length)).rows.map((row) => row.id)),
);
const WAYS: BuildOptions[] = [
  { seed: 3 },
  { seed: 5, creative: true, maxFaces: 20000 },
  { seed: 9, fast: true, maxFaces: 2000 },
];

const promptsAt = process.argv.indexOf('--prompts');
const prompts = promptsAt > 0 ? process.argv[promptsAt + 1].split(';') : [];

function hashOf(asset: Awaited<ReturnType<typeof buildAsset>>): string {
  return createHash('sha256')
    .update(Buffer.from(asset.mesh.positions.buffer))
    .update(Buffer.from(asset.mesh.indices.buffer))
    .update(JSON.stringify(asset.materials))
    .digest('hex')
    .slice(0, 16);
}

for (const prompt of prompts)
  for (const [k, options] of WAYS.entries())
    console.log(`${prompt}/${k} ${hashOf(await buildAsset(interpretPrompt(prompt), options))}`);

if (!prompts.length)
  for (const category of CATEGORIES.filter((c) => !onlyCategories || onlyCategories.has(c.id)))
    for (const profile of Object.keys(category.profiles ?? {})) {
      if (onlyPartLists && !partListIds.has(profile)) continue;
      for (const [k, options] of WAYS.entries()) {
        const asset = await buildAsset({ ...interpretPrompt(profile), category: category.id, profile }, options);
        console.log(`${category.id}/${profile}/${k} ${hashOf(asset)}`);
      }
    }

/**
 * Renders docs/gallery.png: a grid of text-to-3D assets from varied prompts, each captioned with its
 * prompt and how Kiln read it, drawn with the project's renderer (src/geometry/render) from the same
 * textured surface the engine writes (procedural PBR maps baked at 1K for the gallery).
 *
 *   npx tsx scripts/gallery.ts                                  # writes docs/gallery.png
 *   npx tsx scripts/gallery.ts --prompts list.txt --out sheet.png   # any prompts (one a line), e.g. to review a family
 */
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { renderPreview } from '../src/geometry/render/index.ts';
import { buildAsset } from '../src/engines/generate/text/generators/build.ts';
import { texturedScene } from '../src/engines/generate/text/texture.ts';
import { interpretPrompt, summarizeInterpretation } from '../src/engines/generate/text/understand/index.ts';

// 30 prompts of the open suite (bench/prompts/open-suite*.tsv), as users write them: the issue's own examples
// and ten of the families that read a noun from its WordNet definition.
const PROMPTS = [
  'a DSLR photo of a frog sitting on a lily pad',
  'a bumblebee, macro photography, 4k',
  'a red crab on the beach, studio lighting',
  'a chimpanzee wearing a hat',
  'a pan of seafood paella, overhead shot',
  'a zoomed out DSLR photo of a tiger eating an ice cream cone',
  'a yellow bulldozer, product photography',
  'a wooden wheelbarrow',
  'a covered wagon from the old west',
  'a red moped, zoomed out',
  'a human skull, studio lighting, high resolution',
  'a violin on a white background',
  'low poly 3d model of a tuk-tuk, bangkok street',
  'a vintage record player',
  'a rusty ship anchor',
  'cowboy boots, studio lighting, product photography',
  'a plate of fries and a hamburger',
  'a low poly 3d model of a school bus',
  'a monarch butterfly',
  "a blacksmith's anvil",
  'a harbor seal pup on the ice, photorealistic',
  'a northern cardnial in the snow',
  'a ripe papaya cut in half',
  "a child's red tricycle made of plastic",
  'a head of cabbage made of felt',
  'a garden rake, product shot',
  'a wooden garden shed',
  'a pearl necklace, product photography',
  'a tambourine with brass jingles',
  'a hooded cloak, fantasy game asset',
];

const TILE = 300;
const CAPTION = 56;
const COLUMNS = 6;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function caption(prompt: string, reading: string): Buffer {
  const short = reading.replace(/^interpreted as: /, '→ ');
  const clip = (t: string) => (t.length > 44 ? `${t.slice(0, 43)}…` : t);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${CAPTION}">` +
      `<rect width="100%" height="100%" fill="#ececec"/>` +
      `<text x="8" y="22" font-family="sans-serif" font-size="15" fill="#222">${escapeXml(clip(`“${prompt}”`))}</text>` +
      `<text x="8" y="44" font-family="sans-serif" font-size="12" fill="#666">${escapeXml(clip(short))}</text></svg>`,
  );
}

async function tile(prompt: string, seed: number): Promise<Buffer> {
  const interpretation = interpretPrompt(prompt);
  const asset = await buildAsset(interpretation, { seed });
  const style = {
    weathered: interpretation.styles.includes('weathered'),
    flat: interpretation.styles.includes('low-poly') || interpretation.styles.includes('cartoon'),
  };
  const scene = texturedScene(asset, 1024, { seed, style });
  const image = await sharp(await renderPreview(scene, { size: TILE }))
    .png()
    .toBuffer();
  return sharp({ create: { width: TILE, height: TILE + CAPTION, channels: 4, background: '#ececec' } })
    .composite([
      { input: image, left: 0, top: 0 },
      { input: caption(prompt, summarizeInterpretation(interpretation)), left: 0, top: TILE },
    ])
    .png()
    .toBuffer();
}

const argument = (name: string) => {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : undefined;
};
const listFile = argument('--prompts');
const prompts = listFile
  ? (await readFile(listFile, 'utf8'))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
  : PROMPTS;
const started = performance.now();
const tiles: Buffer[] = [];
for (const [k, prompt] of prompts.entries()) {
  tiles.push(await tile(prompt, 1000 + k));
  process.stdout.write(`\r${k + 1}/${prompts.length} ${prompt.padEnd(48)}`);
}
const rows = Math.ceil(tiles.length / COLUMNS);
await mkdir(new URL('../docs/', import.meta.url), { recursive: true });
const out = argument('--out') ?? new URL('../docs/gallery.png', import.meta.url).pathname;
await sharp({ create: { width: COLUMNS * TILE, height: rows * (TILE + CAPTION), channels: 4, background: '#ffffff' } })
  .composite(
    tiles.map((input, i) => ({ input, left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * (TILE + CAPTION) })),
  )
  .png({ compressionLevel: 9 })
  .toFile(out);
console.log(`\nwrote ${out}: ${tiles.length} assets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log('command: npx tsx scripts/gallery.ts');

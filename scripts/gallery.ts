/**
 * Renders docs/gallery.png: a grid of text-to-3D assets from varied prompts, each captioned with its
 * prompt and how Kiln read it, drawn with the project's renderer (src/geometry/render) from the same
 * textured surface the engine writes (procedural PBR maps baked at 1K for the gallery).
 *
 *   npx tsx scripts/gallery.ts            # writes docs/gallery.png
 */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { renderPreview } from '../src/geometry/render/index.ts';
import { buildAsset } from '../src/engines/generate/text/generators/build.ts';
import { texturedScene } from '../src/engines/generate/text/texture.ts';
import { interpretPrompt, summarizeInterpretation } from '../src/engines/generate/text/understand/index.ts';

const PROMPTS = [
  'a red wooden chair',
  'an ornate golden throne',
  'a blue velvet sofa with three cushions',
  'a round marble coffee table',
  'a tall bookcase full of books',
  'a light blue ceramic mug with two handles',
  'a treasure chest',
  'an oak barrel',
  'a viking battle axe',
  'a knight\'s sword with a golden hilt',
  'a two-storey cottage with a chimney',
  'a medieval castle',
  'a red and white lighthouse',
  'a low-poly pine tree',
  'an oak tree',
  'a cactus with three arms',
  'a red sports car',
  'a pirate ship',
  'a poodle',
  'a cute cartoon dragon with wings',
  'a rusty old robot',
  'a snowman',
  'a birthday cake with five candles',
  'a cheeseburger',
  'a gold ring with a ruby',
  'a purple crystal cluster',
  'a mossy boulder',
  'a cat sitting on a chair',
  'a vase on a table',
  'a glowing thingamajig',
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
  const style = { weathered: interpretation.styles.includes('weathered'), flat: interpretation.styles.includes('low-poly') || interpretation.styles.includes('cartoon') };
  const scene = texturedScene(asset, 1024, { seed, style });
  const image = await sharp(await renderPreview(scene, { size: TILE })).png().toBuffer();
  return sharp({ create: { width: TILE, height: TILE + CAPTION, channels: 4, background: '#ececec' } })
    .composite([{ input: image, left: 0, top: 0 }, { input: caption(prompt, summarizeInterpretation(interpretation)), left: 0, top: TILE }])
    .png()
    .toBuffer();
}

const started = performance.now();
const tiles: Buffer[] = [];
for (const [k, prompt] of PROMPTS.entries()) {
  tiles.push(await tile(prompt, 1000 + k));
  process.stdout.write(`\r${k + 1}/${PROMPTS.length} ${prompt.padEnd(48)}`);
}
const rows = Math.ceil(tiles.length / COLUMNS);
await mkdir(new URL('../docs/', import.meta.url), { recursive: true });
const out = new URL('../docs/gallery.png', import.meta.url).pathname;
await sharp({ create: { width: COLUMNS * TILE, height: rows * (TILE + CAPTION), channels: 4, background: '#ffffff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % COLUMNS) * TILE, top: Math.floor(i / COLUMNS) * (TILE + CAPTION) })))
  .png({ compressionLevel: 9 })
  .toFile(out);
console.log(`\nwrote ${out}: ${tiles.length} assets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log('command: npx tsx scripts/gallery.ts');

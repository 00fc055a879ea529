/** Pictures for the image engine's tests, drawn with sharp from SVG or rendered with the renderer. */
import sharp from 'sharp';
import { resolveGenerateRequest, type GenerateSpec } from '../../../../src/domain/index.ts';
import type { EngineInputFile } from '../../../../src/engines/engine.ts';

export async function svgPicture(body: string, size = 512, background = '#f4f4f0'): Promise<Uint8Array> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    (background === 'none' ? '' : `<rect width="100%" height="100%" fill="${background}"/>`) +
    body +
    '</svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A red body with a yellow head and a blue patch, on a light background. */
export function figure(size = 512): Promise<Uint8Array> {
  const s = size / 1024;
  return svgPicture(
    `<ellipse cx="${512 * s}" cy="${560 * s}" rx="${250 * s}" ry="${330 * s}" fill="#c83c28"/>` +
      `<circle cx="${512 * s}" cy="${250 * s}" r="${150 * s}" fill="#e0b040"/>` +
      `<rect x="${430 * s}" y="${500 * s}" width="${160 * s}" height="${120 * s}" fill="#2850c8"/>`,
    size,
  );
}

export function request(
  fields: Record<string, string>,
  pictures: Uint8Array[],
): { spec: GenerateSpec; inputs: EngineInputFile[] } {
  const raw = {
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
    files: pictures.map((bytes, i) => ({ field: 'images', filename: `${i}.png`, bytes })),
  };
  const submission = resolveGenerateRequest(raw);
  return { spec: submission.spec as GenerateSpec, inputs: submission.inputs };
}

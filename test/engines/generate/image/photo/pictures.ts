/** Test photographs: drawn objects composited over the CC0 photo crops the benchmark uses. */
import sharp from 'sharp';

export function photoCrop(name: string): string {
  return new URL(`../../../../../bench/data/photos/${name}.jpg`, import.meta.url).pathname;
}

/** `svg` body drawn (slightly softened, as a camera would) over a photograph crop, saved as RGB JPEG. */
export async function photograph(backdrop: string, body: string, size = 384): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
  const overlay = await sharp(Buffer.from(svg)).blur(0.8).png().toBuffer();
  return new Uint8Array(
    await sharp(photoCrop(backdrop))
      .resize(size, size)
      .composite([{ input: overlay }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** The same drawing as a 0/1 mask at `width`² (what the segmentation should find). */
export async function truthMask(body: string, size: number, width: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#000"/>${body}</svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .resize(width, width)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0));
}

export function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return union ? inter / union : 0;
}

/**
 * The benchmarks' input pictures, made here so the benches need nothing outside the repository:
 * a drawn figure on a plain backdrop (no alpha: it goes through the photo segmentation) and a
 * photograph (a drawn jug with a contact shadow over a real photograph crop, bench/data/photos/gravel.jpg).
 */
import sharp from 'sharp';

/** A 1024² photo-like picture: a shaded figure with a few colours on a light, slightly noisy backdrop. */
export async function figurePicture(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
  <defs><radialGradient id="body" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#e05a40"/><stop offset="1" stop-color="#8a2414"/></radialGradient>
  <radialGradient id="head" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#f2cc60"/><stop offset="1" stop-color="#a07818"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="#efeee8"/>
  <ellipse cx="512" cy="600" rx="250" ry="300" fill="url(#body)"/>
  <circle cx="512" cy="250" r="150" fill="url(#head)"/>
  <ellipse cx="300" cy="560" rx="60" ry="150" fill="url(#body)"/><ellipse cx="724" cy="560" rx="60" ry="150" fill="url(#body)"/>
  <rect x="430" y="520" width="160" height="110" rx="12" fill="#2850c8"/>
  <circle cx="460" cy="230" r="18" fill="#222"/><circle cx="564" cy="230" r="18" fill="#222"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A 1024² RGB JPEG: a red jug with a soft contact shadow over the gravel photograph. */
export async function jugPhotograph(): Promise<Uint8Array> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">' +
    '<ellipse cx="512" cy="800" rx="260" ry="50" fill="#000" fill-opacity="0.45"/>' +
    '<rect x="380" y="300" width="260" height="500" rx="60" fill="#b8281e"/>' +
    '<path d="M640 400 q140 0 140 130 q0 130 -140 130" stroke="#b8281e" stroke-width="36" fill="none"/></svg>';
  const overlay = await sharp(Buffer.from(svg)).blur(1.2).png().toBuffer();
  const backdrop = new URL('../data/photos/gravel.jpg', import.meta.url).pathname;
  return new Uint8Array(
    await sharp(backdrop)
      .resize(1024, 1024)
      .composite([{ input: overlay }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/**
 * A raster map doubled in width and height by bilinear interpolation between texel centres (the
 * sampling a GPU does with linear filtering over the half-size map). Fast mode bakes its colour at
 * half the tabled size and hands back the table's size through this: a quarter of the texels shaded.
 *
 * Texel x of the doubled map has its centre at (x + ½) / 2 − ½ = x/2 − ¼ in the small map's texel
 * units, so every output texel lies ¼ and ¾ of the way between two texel centres along each axis: its
 * weights are 9, 3, 3 and 1 sixteenths of its four nearest small texels (the edges repeat their texel).
 * The arithmetic is on integers, so the bytes do not depend on floating-point rounding.
 */
import type { RasterImage } from '../mesh.ts';

/** The image at twice its width and height, bilinear between texel centres, rounded half up. */
export function upsampleTwice(image: RasterImage): RasterImage {
  const { width: w, height: h, channels, data } = image;
  const W = w * 2,
    H = h * 2;
  const out = new Uint8Array(W * H * channels);
  const rowBytes = w * channels,
    outRowBytes = W * channels;
  // Each input row y makes output rows 2y (¼ above its centre: 3 × row y + row y − 1) and 2y + 1
  // (¼ below: 3 × row y + row y + 1); along the row, output texel 2x lies ¼ left of input texel x's
  // centre (3 × its column's mix + the left column's), 2x + 1 ¼ right of it. One channel at a time,
  // the three columns' mixes carried along in locals: every input byte is read once per row it mixes
  // into and no mix is stored (a row-sized mix buffer and a per-texel channel loop cost twice as much).
  for (let y = 0; y < h; y++) {
    const near = y * rowBytes,
      above = Math.max(0, y - 1) * rowBytes,
      below = Math.min(h - 1, y + 1) * rowBytes;
    const top = 2 * y * outRowBytes,
      bottom = top + outRowBytes;
    for (let k = 0; k < channels; k++) {
      const centre = 3 * data[near + k];
      let topHere = centre + data[above + k],
        bottomHere = centre + data[below + k];
      // The edges repeat their texel: left of column 0 is column 0 itself.
      let topLeft = topHere,
        bottomLeft = bottomHere;
      let o = k;
      for (let i = channels + k; i < rowBytes; i += channels, o += 2 * channels) {
        const next = 3 * data[near + i];
        const topRight = next + data[above + i],
          bottomRight = next + data[below + i];
        out[top + o] = (3 * topHere + topLeft + 8) >> 4;
        out[top + o + channels] = (3 * topHere + topRight + 8) >> 4;
        out[bottom + o] = (3 * bottomHere + bottomLeft + 8) >> 4;
        out[bottom + o + channels] = (3 * bottomHere + bottomRight + 8) >> 4;
        topLeft = topHere;
        topHere = topRight;
        bottomLeft = bottomHere;
        bottomHere = bottomRight;
      }
      // The last column: right of it is itself.
      out[top + o] = (3 * topHere + topLeft + 8) >> 4;
      out[top + o + channels] = (4 * topHere + 8) >> 4;
      out[bottom + o] = (3 * bottomHere + bottomLeft + 8) >> 4;
      out[bottom + o + channels] = (4 * bottomHere + 8) >> 4;
    }
  }
  return { width: W, height: H, channels, data: out };
}

/**
 * The texture must take only object pixels: background pixels next to the object are overwritten
 * with the colours of the nearest object pixels (a few rounds of averaging dilation), so a sample
 * that straddles the silhouette never mixes in the background.
 */
import type { RasterImage } from '../../../../geometry/mesh.ts';
import { maskBox } from '../mask-ops.ts';

/** `mask` at maskWidth × maskHeight (1 = object); returns a copy of `image` with the band beyond the object filled. */
export function bleedObjectColours(
  image: RasterImage,
  mask: Uint8Array,
  maskWidth: number,
  maskHeight: number,
  band = 6,
): RasterImage {
  const { width: W, height: H } = image;
  const data = Uint8Array.from(image.data);
  const known = new Uint8Array(W * H);
  // The mask column of every picture column, computed once instead of per pixel (the same expression).
  const maskColumn = new Int32Array(W);
  for (let x = 0; x < W; x++) maskColumn[x] = Math.min(maskWidth - 1, Math.floor(((x + 0.5) * maskWidth) / W));
  const maskRowOf = (y: number) => Math.min(maskHeight - 1, Math.floor(((y + 0.5) * maskHeight) / H));
  // Only the picture rows and columns that sample the mask's box can be known (mask rows and columns
  // grow with the picture's), so the whole-picture passes below visit just those.
  const maskBounds = maskBox(mask, maskWidth, maskHeight);
  if (!maskBounds) return { ...image, data };
  const { x0: mx0, y0: my0, x1: mx1, y1: my1 } = maskBounds;
  let px0 = 0,
    px1 = W - 1,
    py0 = 0,
    py1 = H - 1;
  while (maskColumn[px0] < mx0) px0++;
  while (maskColumn[px1] > mx1) px1--;
  while (maskRowOf(py0) < my0) py0++;
  while (maskRowOf(py1) > my1) py1--;
  for (let y = py0; y <= py1; y++) {
    const maskRow = maskRowOf(y) * maskWidth;
    const row = y * W;
    for (let x = px0; x <= px1; x++) known[row + x] = mask[maskRow + maskColumn[x]];
  }
  // Object pixels on the mask's edge may already be mixed with the background: re-fill them too.
  const edge = Uint8Array.from(known);
  for (let y = Math.max(1, py0); y <= Math.min(H - 2, py1); y++)
    for (let x = Math.max(1, px0); x <= Math.min(W - 2, px1); x++) {
      const p = y * W + x;
      if (known[p] && (!known[p - 1] || !known[p + 1] || !known[p - W] || !known[p + W])) edge[p] = 0;
    }
  known.set(edge);
  const rounds = band * Math.max(1, Math.round(W / maskWidth));
  // Only the object's box grown by the band can change.
  const knownBounds = maskBox(known, W, H, { x0: px0, y0: py0, x1: px1, y1: py1 });
  if (!knownBounds) return { ...image, data };
  let { x0, y0, x1, y1 } = knownBounds;
  x0 = Math.max(0, x0 - rounds);
  y0 = Math.max(0, y0 - rounds);
  x1 = Math.min(W - 1, x1 + rounds);
  y1 = Math.min(H - 1, y1 + rounds);
  // Each round fills the unknown pixels beside known ones: a round reads only pixels known before it
  // and writes only pixels unknown before it, so visiting just that frontier (instead of scanning the
  // box every round) gives the same picture. Every queued pixel lies in the box and is queued once, so
  // the box's area bounds a frontier. A pixel's neighbours are queued in the order left, right, up,
  // down when unknown, not yet queued and inside the box; the box's test is on the pixel's own column
  // and row (a neighbour of a pixel in the box leaves it only across the side it steps over).
  const queued = new Uint8Array(W * H);
  const boxArea = (x1 - x0 + 1) * (y1 - y0 + 1);
  let frontier = new Int32Array(boxArea);
  let next = new Int32Array(boxArea);
  let size = 0;
  const enqueueNeighbours = (p: number) => {
    const x = p % W;
    const y = (p - x) / W;
    if (x > x0 && !known[p - 1] && !queued[p - 1]) {
      queued[p - 1] = 1;
      next[size++] = p - 1;
    }
    if (x < x1 && !known[p + 1] && !queued[p + 1]) {
      queued[p + 1] = 1;
      next[size++] = p + 1;
    }
    if (y > y0 && !known[p - W] && !queued[p - W]) {
      queued[p - W] = 1;
      next[size++] = p - W;
    }
    if (y < y1 && !known[p + W] && !queued[p + W]) {
      queued[p + W] = 1;
      next[size++] = p + W;
    }
  };
  // The first frontier: beside the known pixels that have an unknown neighbour (the others would only
  // offer known neighbours, which are never queued, so the queue's order is the same).
  for (let y = y0; y <= y1; y++)
    for (let x = x0, p = y * W + x0; x <= x1; x++, p++)
      if (
        known[p] &&
        ((x > 0 && !known[p - 1]) ||
          (x < W - 1 && !known[p + 1]) ||
          (p >= W && !known[p - W]) ||
          (p < W * (H - 1) && !known[p + W]))
      )
        enqueueNeighbours(p);
  for (let round = 0; round < rounds && size > 0; round++) {
    [frontier, next] = [next, frontier];
    const count = size;
    size = 0;
    for (let i = 0; i < count; i++) {
      const p = frontier[i];
      const x = p % W;
      let r = 0,
        g = 0,
        b = 0,
        n = 0;
      if (x > 0 && known[p - 1]) {
        r += data[(p - 1) * 4];
        g += data[(p - 1) * 4 + 1];
        b += data[(p - 1) * 4 + 2];
        n++;
      }
      if (x < W - 1 && known[p + 1]) {
        r += data[(p + 1) * 4];
        g += data[(p + 1) * 4 + 1];
        b += data[(p + 1) * 4 + 2];
        n++;
      }
      if (p >= W && known[p - W]) {
        r += data[(p - W) * 4];
        g += data[(p - W) * 4 + 1];
        b += data[(p - W) * 4 + 2];
        n++;
      }
      if (p < W * (H - 1) && known[p + W]) {
        r += data[(p + W) * 4];
        g += data[(p + W) * 4 + 1];
        b += data[(p + W) * 4 + 2];
        n++;
      }
      data[p * 4] = Math.round(r / n);
      data[p * 4 + 1] = Math.round(g / n);
      data[p * 4 + 2] = Math.round(b / n);
    }
    for (let i = 0; i < count; i++) known[frontier[i]] = 1;
    for (let i = 0; i < count; i++) enqueueNeighbours(frontier[i]);
  }
  return { ...image, data };
}

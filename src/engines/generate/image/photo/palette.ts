/**
 * The distinct colours of a picture and which one each pixel has. A colour model's cost depends on the
 * colour alone, and a picture at the working resolution holds far fewer distinct colours than pixels
 * (a flat backdrop, a drawn figure, an 8-bit photograph scaled down), so GrabCut's per-round data term
 * and hard assignments are worked out once per distinct colour and looked up per pixel: the same
 * numbers from the same function, computed fewer times.
 *
 * Colours are told apart by their exact bits, so two pixels share an entry only when every float of
 * their colour is identical.
 */
export interface Palette {
  /** Per pixel: its colour's entry. */
  index: Int32Array;
  /** 3 floats per entry, in order of first appearance. */
  colours: Float32Array;
  size: number;
}

/** `colours`: 3 floats per pixel. */
export function colourPalette(colours: Float32Array): Palette {
  const n = colours.length / 3;
  const bits = new Uint32Array(colours.buffer, colours.byteOffset, n * 3);
  // Open addressing on the three bit patterns; at most half full.
  let slots = 16;
  while (slots < n * 2) slots *= 2;
  const mask = slots - 1;
  const table = new Int32Array(slots).fill(-1);
  const index = new Int32Array(n);
  const firstPixel = new Int32Array(n);
  let size = 0;
  for (let p = 0; p < n; p++) {
    const a = bits[p * 3],
      b = bits[p * 3 + 1],
      c = bits[p * 3 + 2];
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 0;
    slot = (slot ^ (slot >>> 15)) & mask;
    for (;;) {
      const entry = table[slot];
      if (entry < 0) {
        table[slot] = size;
        firstPixel[size] = p;
        index[p] = size++;
        break;
      }
      const q = firstPixel[entry] * 3;
      if (bits[q] === a && bits[q + 1] === b && bits[q + 2] === c) {
        index[p] = entry;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  const distinct = new Float32Array(size * 3);
  for (let e = 0; e < size; e++) distinct.set(colours.subarray(firstPixel[e] * 3, firstPixel[e] * 3 + 3), e * 3);
  return { index, colours: distinct, size };
}

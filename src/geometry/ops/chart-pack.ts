/** Packing chart rectangles into the unit square (shelf packing, tallest first). */

export interface ChartRect {
  width: number;
  height: number;
}

export interface Packing {
  /** Lower-left corner of each chart (in chart units) inside the square, before scaling. */
  x: Float64Array;
  y: Float64Array;
  /** Side of the square in chart units: divide by it to get UVs in [0, 1]. */
  side: number;
}

/**
 * Places every rectangle with at least `gutter` between neighbours and from the square's edges.
 * Shelf packing: sort by height, fill rows left to right; the row width is searched so the result is
 * close to square. Good enough for axis-projected charts, and linear after the sort.
 */
export function packCharts(rects: ChartRect[], gutter: number): Packing {
  const n = rects.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => rects[b].height - rects[a].height);
  let area = 0;
  let widest = 0;
  for (const r of rects) {
    area += (r.width + gutter) * (r.height + gutter);
    widest = Math.max(widest, r.width + 2 * gutter);
  }
  const x = new Float64Array(n),
    y = new Float64Array(n);
  const place = (rowWidth: number): number => {
    let cx = gutter,
      cy = gutter,
      rowHeight = 0,
      maxX = 0;
    for (const i of order) {
      const r = rects[i];
      if (cx + r.width + gutter > rowWidth && cx > gutter) {
        cy += rowHeight + gutter;
        cx = gutter;
        rowHeight = 0;
      }
      x[i] = cx;
      y[i] = cy;
      cx += r.width + gutter;
      rowHeight = Math.max(rowHeight, r.height);
      maxX = Math.max(maxX, cx);
    }
    return Math.max(maxX, cy + rowHeight + gutter);
  };
  // Search the row width that gives the smallest square.
  let best = Infinity,
    bestWidth = Math.max(widest, Math.sqrt(area));
  const lo = widest,
    hi = Math.max(widest, Math.sqrt(area) * 2.5);
  const steps = 32;
  for (let step = 0; step < steps; step++) {
    const w = step === 0 ? Math.max(widest, Math.sqrt(area) * 1.05) : lo + ((hi - lo) * step) / (steps - 1);
    const side = place(w);
    if (side < best) {
      best = side;
      bestWidth = w;
    }
  }
  const side = place(bestWidth);
  return { x, y, side };
}

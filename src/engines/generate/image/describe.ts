/**
 * The response's `prompt` for image requests without one: a short description from the first
 * picture — its dominant colours and proportions — computed on a 64-pixel thumbnail so that it stays
 * well under the describePrompt time limit (no GrabCut, no OpenCV).
 */
import sharp from 'sharp';
import { fillHoles, keepMainComponents, maskBox } from './mask-ops.ts';

const NAMED: [string, number, number, number][] = [
  ['black', 20, 20, 20],
  ['white', 240, 240, 240],
  ['grey', 128, 128, 128],
  ['red', 200, 30, 30],
  ['orange', 240, 140, 30],
  ['yellow', 235, 215, 40],
  ['green', 50, 160, 60],
  ['teal', 30, 140, 140],
  ['blue', 40, 80, 200],
  ['purple', 130, 60, 170],
  ['pink', 240, 140, 180],
  ['brown', 120, 75, 40],
  ['beige', 220, 200, 160],
];

function colourName(r: number, g: number, b: number): string {
  let best = NAMED[0][0];
  let bestD = Infinity;
  for (const [name, nr, ng, nb] of NAMED) {
    const d = (r - nr) ** 2 + (g - ng) ** 2 + (b - nb) ** 2;
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best;
}

export async function describeImages(first: Uint8Array, count: number): Promise<string> {
  const { data, info } = await sharp(first)
    .rotate()
    .resize(64, 64, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = info.width,
    H = info.height;
  const mask = new Uint8Array(W * H);
  let transparent = 0;
  for (let p = 0; p < W * H; p++) if (data[p * 4 + 3] < 128) transparent++;
  if (transparent > W * H * 0.01) {
    for (let p = 0; p < W * H; p++) mask[p] = data[p * 4 + 3] >= 128 ? 1 : 0;
  } else {
    // Background: the mean border colour; the object: what differs from it.
    let r = 0,
      g = 0,
      b = 0,
      n = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (x > 0 && y > 0 && x < W - 1 && y < H - 1) continue;
        const o = (y * W + x) * 4;
        r += data[o];
        g += data[o + 1];
        b += data[o + 2];
        n++;
      }
    r /= n;
    g /= n;
    b /= n;
    for (let p = 0; p < W * H; p++) {
      const d = Math.hypot(data[p * 4] - r, data[p * 4 + 1] - g, data[p * 4 + 2] - b);
      mask[p] = d > 40 ? 1 : 0;
    }
  }
  const object = fillHoles(keepMainComponents(mask, W, H, 0.05), W, H);
  const box = maskBox(object, W, H);
  if (!box) return `An object from ${count} picture${count > 1 ? 's' : ''}`;
  const counts = new Map<string, number>();
  let total = 0;
  for (let p = 0; p < W * H; p++) {
    if (!object[p]) continue;
    const name = colourName(data[p * 4], data[p * 4 + 1], data[p * 4 + 2]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    total++;
  }
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, c]) => c >= total * 0.12)
    .slice(0, 3)
    .map(([n]) => n);
  const aspect = (box.y1 - box.y0 + 1) / (box.x1 - box.x0 + 1);
  const shape = aspect > 1.3 ? 'A tall' : aspect < 0.77 ? 'A wide' : 'A compact';
  const colours =
    ranked.length > 1 ? `${ranked.slice(0, -1).join(', ')} and ${ranked[ranked.length - 1]}` : (ranked[0] ?? 'plain');
  return `${shape} ${colours} object (height to width ${aspect.toFixed(2)}), from ${count} picture${count > 1 ? 's' : ''}`;
}

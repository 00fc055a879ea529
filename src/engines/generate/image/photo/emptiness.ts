/**
 * A truly empty picture (one flat colour, or noise with no structure) has no object to model and is
 * refused at submission, before anything is charged. Everything else is tried: a photograph with an
 * object in it always gets an asset. Checked on a small thumbnail so it stays cheap for big pictures.
 */
import sharp from 'sharp';

const THUMBNAIL = 96;

export type EmptyReason = 'uniform' | 'noise';

/** Why `rgba` (4 channels) looks empty, or null when it has structure worth segmenting. */
export function emptyPictureReason(rgba: Uint8Array, width: number, height: number): EmptyReason | null {
  const n = width * height;
  const lum = new Float64Array(n);
  let mean = 0;
  const channelMean = [0, 0, 0];
  for (let p = 0; p < n; p++) {
    lum[p] = 0.299 * rgba[p * 4] + 0.587 * rgba[p * 4 + 1] + 0.114 * rgba[p * 4 + 2];
    mean += lum[p];
    for (let c = 0; c < 3; c++) channelMean[c] += rgba[p * 4 + c];
  }
  mean /= n;
  for (let c = 0; c < 3; c++) channelMean[c] /= n;
  let variance = 0,
    colourVariance = 0;
  for (let p = 0; p < n; p++) {
    variance += (lum[p] - mean) ** 2;
    for (let c = 0; c < 3; c++) colourVariance += (rgba[p * 4 + c] - channelMean[c]) ** 2;
  }
  variance /= n;
  colourVariance /= 3 * n;
  if (Math.sqrt(Math.max(variance, colourVariance)) < 3) return 'uniform';
  // Neighbouring pixels of any real scene are strongly correlated; independent noise is not.
  let covariance = 0,
    pairs = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width) {
        covariance += (lum[p] - mean) * (lum[p + 1] - mean);
        pairs++;
      }
      if (y + 1 < height) {
        covariance += (lum[p] - mean) * (lum[p + width] - mean);
        pairs++;
      }
    }
  const correlation = variance > 0 ? covariance / pairs / variance : 1;
  return correlation < 0.35 ? 'noise' : null;
}

/**
 * For an uploaded picture: the reason it is empty, or null. Pictures with a real alpha channel are
 * never called empty here (the alpha decides what the object is).
 */
export async function emptyPictureReasonOf(bytes: Uint8Array): Promise<EmptyReason | null> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 64e6 })
      .rotate()
      .resize(THUMBNAIL, THUMBNAIL, { fit: 'inside', kernel: 'cubic' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    let transparent = 0;
    for (let i = 3; i < rgba.length; i += 4) if (rgba[i] < 128) transparent++;
    if (transparent > 0) return null;
    return emptyPictureReason(rgba, info.width, info.height);
  } catch {
    return null; // an undecodable file is refused by the decode check, not here
  }
}

export function emptyPictureMessage(reason: EmptyReason): string {
  return reason === 'uniform'
    ? 'is a single flat colour with no object in it; send a photograph of the object (or a PNG with a transparent background).'
    : 'is noise with no object in it; send a photograph of the object (or a PNG with a transparent background).';
}

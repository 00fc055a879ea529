/**
 * Pictures in a form hosted providers take: Tripo and Meshy document JPEG, PNG (and WebP) only, while
 * Kiln accepts more (GIF, TIFF, AVIF); those are re-encoded as PNG here rather than refused upstream.
 */
import sharp from 'sharp';
import { sniffImageType } from '../../domain/image-type.ts';

export interface ProviderImage {
  bytes: Uint8Array;
  /** The file type as the providers spell it. */
  type: 'png' | 'jpg' | 'webp';
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

export async function providerImage(bytes: Uint8Array): Promise<ProviderImage> {
  const sniffed = sniffImageType(bytes);
  if (sniffed === 'image/png') return { bytes, type: 'png', mime: sniffed };
  if (sniffed === 'image/jpeg') return { bytes, type: 'jpg', mime: sniffed };
  if (sniffed === 'image/webp') return { bytes, type: 'webp', mime: sniffed };
  return { bytes: new Uint8Array(await sharp(bytes).png().toBuffer()), type: 'png', mime: 'image/png' };
}

/** `data:image/png;base64,…`, the inline form Meshy documents for image_url. */
export function dataUri(image: ProviderImage): string {
  return `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
}

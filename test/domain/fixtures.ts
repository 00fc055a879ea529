/** Minimal byte payloads the domain recognises: only the first bytes matter to sniffing. */
import type { RawFile } from '../../src/domain/index.ts';

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
export const OBJ_BYTES = new TextEncoder().encode(
  'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n',
);

export function image(name = '0000.png', bytes = PNG_BYTES): RawFile {
  return { field: 'images', filename: name, bytes };
}

export function images(count: number): RawFile[] {
  return Array.from({ length: count }, (_, i) => image(`${i}.png`));
}

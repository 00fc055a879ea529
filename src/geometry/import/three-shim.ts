/**
 * Lets three.js loaders run in Node without a DOM. three's loaders fetch textures through
 * TextureLoader/ImageLoader, which need `document` and `Image`; here every texture request is captured
 * instead (its URL, and for embedded images the bytes behind the blob: URL) and resolved to encoded
 * bytes after parsing. Nothing is fetched: a texture that is neither embedded nor among the
 * companion files is skipped with a logged note.
 */
import { resolveObjectURL, type Blob } from 'node:buffer';
import { Loader, LoadingManager, Texture as ThreeTexture } from 'three';
import sharp from 'sharp';
import type { ImageMimeType, Texture } from '../mesh.ts';
import type { Logger } from '../../logger.ts';

/** Where a captured texture's pixels come from. */
export type TextureSource = { url: string; blob?: Blob };

const SOURCE_KEY = 'kilnTextureSource';

/** Stands in for TextureLoader (FBX, MTL) and ImageLoader (USD): records the URL, loads nothing. */
export class CapturingTextureLoader extends Loader {
  load(url: string, onLoad?: (result: any) => void): ThreeTexture {
    const full = /^(blob:|data:)/.test(url) ? url : `${this.path ?? ''}${url}`;
    // The blob must be taken now: USD revokes its object URL as soon as onLoad returns.
    const source: TextureSource = { url: full, blob: full.startsWith('blob:') ? resolveObjectURL(full) : undefined };
    const texture = new ThreeTexture();
    texture.userData[SOURCE_KEY] = source;
    // ImageLoader callers assign the result to texture.image; TextureLoader callers use the texture.
    onLoad?.({ [SOURCE_KEY]: source, width: 0, height: 0 });
    return texture;
  }
}

/** A LoadingManager whose every file-extension handler is the capturing loader. */
export function capturingManager(): LoadingManager {
  const manager = new LoadingManager();
  manager.addHandler(/.*/, new CapturingTextureLoader(manager));
  return manager;
}

export function textureSource(texture: ThreeTexture | null | undefined): TextureSource | undefined {
  if (!texture) return undefined;
  return texture.userData?.[SOURCE_KEY] ?? (texture.image as any)?.[SOURCE_KEY];
}

export interface ResolveContext {
  /** Files that came with the model (name → bytes), matched by base name, case-insensitively. */
  companions?: Record<string, Uint8Array>;
  logger: Logger;
  label: string;
}

/** The encoded bytes behind a captured texture, converted to PNG where the format is not web-safe. */
export async function resolveTexture(
  source: TextureSource | undefined,
  ctx: ResolveContext,
): Promise<Texture | undefined> {
  if (!source) return undefined;
  let bytes: Uint8Array | undefined;
  if (source.blob) bytes = new Uint8Array(await source.blob.arrayBuffer());
  else if (source.url.startsWith('data:')) bytes = decodeDataUri(source.url);
  else bytes = findCompanion(source.url, ctx.companions);
  const name =
    baseName(source.url.startsWith('blob:') || source.url.startsWith('data:') ? '' : source.url) || undefined;
  if (!bytes) {
    ctx.logger.info({ texture: source.url }, `${ctx.label}: texture is not inside the upload; skipped`);
    return undefined;
  }
  return encodedTexture(bytes, name, ctx);
}

export async function encodedTexture(
  bytes: Uint8Array,
  name: string | undefined,
  ctx: ResolveContext,
): Promise<Texture | undefined> {
  const mimeType = sniffImage(bytes);
  if (mimeType) return { name, encoded: { bytes, mimeType } };
  try {
    const png = await sharp(bytes, { limitInputPixels: 16384 * 16384 })
      .png()
      .toBuffer();
    return {
      name,
      encoded: { bytes: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), mimeType: 'image/png' },
    };
  } catch {
    ctx.logger.info({ texture: name }, `${ctx.label}: texture is not a readable image; skipped`);
    return undefined;
  }
}

export function sniffImage(bytes: Uint8Array): ImageMimeType | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length > 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

function decodeDataUri(uri: string): Uint8Array | undefined {
  const comma = uri.indexOf(',');
  if (comma < 0) return undefined;
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  return meta.endsWith(';base64')
    ? new Uint8Array(Buffer.from(payload, 'base64'))
    : new TextEncoder().encode(decodeURIComponent(payload));
}

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? '';
}

export function findCompanion(path: string, companions?: Record<string, Uint8Array>): Uint8Array | undefined {
  if (!companions) return undefined;
  const wanted = baseName(path).toLowerCase();
  for (const [name, bytes] of Object.entries(companions)) if (baseName(name).toLowerCase() === wanted) return bytes;
  return undefined;
}

/**
 * Runs a synchronous three.js parse with its console chatter ("THREE.FBXLoader: …") routed to the
 * debug log: a service's stdout is for its own structured logs.
 */
export function quietly<T>(logger: Logger | undefined, parse: () => T): T {
  const saved = { log: console.log, warn: console.warn, error: console.error };
  const sink = (...args: unknown[]): void =>
    logger?.debug({ three: args.map(String).join(' ').slice(0, 500) }, 'three.js loader note');
  console.log = console.warn = console.error = sink;
  try {
    return parse();
  } finally {
    Object.assign(console, saved);
  }
}

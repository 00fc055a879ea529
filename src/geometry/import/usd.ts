/**
 * USD through three's USD parsers (USDAParser, USDCParser) and USDComposer, driven here rather than
 * through USDLoader so that the package is opened by usdz-archive.ts (nothing inflated) and texture
 * loads are captured instead of going through the DOM. Every asset path a layer names is checked:
 * inside a usdz it must be in the package; a standalone layer may not reference other layers (they
 * are not part of the upload), and its external textures are skipped with a note.
 */
import { USDAParser } from 'three/examples/jsm/loaders/usd/USDAParser.js';
import { USDCParser } from 'three/examples/jsm/loaders/usd/USDCParser.js';
import { USDComposer } from 'three/examples/jsm/loaders/usd/USDComposer.js';
import { GeometryInputError } from '../errors.ts';
import type { Scene } from '../mesh.ts';
import { sceneFromThree } from './three-convert.ts';
import { CapturingTextureLoader, quietly, type ResolveContext } from './three-shim.ts';
import { readUsdzEntries } from './usdz-archive.ts';
import { scanUsdc } from './usdc-scan.ts';
import { checkUsdLayer, scanUsdaText } from './usd-guard.ts';

const CRATE_MAGIC = 'PXR-USDC';
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|avif|exr|tga|bmp|tiff?)$/i;

// USDComposer builds a DOM ImageLoader in its constructor (also for the composers it creates for
// referenced layers); this accessor hands every instance a capturing loader instead.
Object.defineProperty(USDComposer.prototype, 'imageLoader', {
  configurable: true,
  get(this: { manager?: any; kilnImageLoader?: CapturingTextureLoader }) {
    this.kilnImageLoader ??= new CapturingTextureLoader(this.manager);
    return this.kilnImageLoader;
  },
  set() {},
});

// Its materials come out unnamed; the Material prim's name is what users recognise.
const applyMaterial = (USDComposer.prototype as any)._applyMaterial;
if (typeof applyMaterial === 'function') {
  (USDComposer.prototype as any)._applyMaterial = function (this: unknown, material: { name: string }, path: unknown) {
    applyMaterial.call(this, material, path);
    if (!material.name) material.name = String(path).replace(/^<|>$/g, '').split('/').pop() ?? '';
  };
}

type Layer = { specsByPath: Record<string, { fields?: Record<string, unknown> }>; kilnTextPaths?: Set<string> };

export async function importUsd(bytes: Uint8Array, ctx: ResolveContext): Promise<Scene> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const label = isZip ? 'usdz' : 'USD';
  let root: Layer;
  const assets: Record<string, unknown> = {};
  let basePath = '';
  if (isZip) {
    const entries = readUsdzEntries(bytes);
    for (const entry of entries) {
      if (/\.usd[ac]?$/i.test(entry.name)) assets[entry.name] = parseLayer(entry.bytes, 'usdz');
      else if (IMAGE_EXTENSIONS.test(entry.name)) assets[entry.name] = entry.bytes;
    }
    root = assets[entries[0].name] as Layer;
    const slash = entries[0].name.lastIndexOf('/');
    basePath = slash >= 0 ? entries[0].name.slice(0, slash) : '';
  } else {
    root = parseLayer(bytes, label);
  }
  checkAssetPaths(root, assets, isZip, ctx);
  for (const asset of Object.values(assets))
    if (asset !== root && isLayer(asset)) checkAssetPaths(asset, assets, isZip, ctx);
  let group;
  try {
    group = quietly(ctx.logger, () => new USDComposer().compose(root, assets, {}, basePath));
  } catch (error) {
    ctx.logger.debug({ err: error }, 'USDComposer failed');
    throw new GeometryInputError(
      'malformed',
      `The ${label} file could not be composed into a scene (it may be corrupt); export it again.`,
    );
  }
  return sceneFromThree(group, { ...ctx, label, flipV: true });
}

function parseLayer(bytes: Uint8Array, label: string): Layer {
  const crate = new TextDecoder().decode(bytes.subarray(0, CRATE_MAGIC.length)) === CRATE_MAGIC;
  if (crate) scanUsdc(bytes);
  const text = crate ? '' : new TextDecoder().decode(bytes);
  if (!crate) scanUsdaText(text, label);
  try {
    const layer = quietly(undefined, () =>
      crate
        ? new USDCParser().parseData(
            bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
          )
        : new USDAParser().parseData(text),
    ) as Layer;
    if (!isLayer(layer)) throw new Error('no specs');
    checkUsdLayer(layer.specsByPath, label);
    // three's USDA parser drops some list-op forms (`references = @x@` without prepend); the text
    // itself tells every asset path the layer names.
    if (!crate) layer.kilnTextPaths = new Set([...text.matchAll(/@([^@\n]+)@/g)].map((m) => m[1]));
    return layer;
  } catch (error) {
    if (error instanceof GeometryInputError) throw error;
    throw new GeometryInputError(
      'malformed',
      `The ${label} ${crate ? 'binary (usdc)' : 'text (usda)'} layer could not be read (it may be truncated or corrupt); export it again.`,
    );
  }
}

function isLayer(value: unknown): value is Layer {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as Layer).specsByPath === 'object' &&
    (value as Layer).specsByPath !== null
  );
}

/** Every `@path@` (or assetPath) a layer names must be satisfiable from the upload. */
function checkAssetPaths(layer: Layer, assets: Record<string, unknown>, packaged: boolean, ctx: ResolveContext): void {
  const names = Object.keys(assets);
  const present = (path: string): boolean => {
    const clean = path.replace(/^\.\//, '');
    const base = clean.split('/').pop() ?? clean;
    return names.some((n) => n === clean || n.endsWith(`/${clean}`) || n.split('/').pop() === base);
  };
  for (const path of assetPaths(layer)) {
    if (present(path)) continue;
    const texture = IMAGE_EXTENSIONS.test(path);
    if (!packaged && texture) {
      ctx.logger.info({ texture: path }, 'USD: texture is not inside the upload; skipped');
      continue;
    }
    const shown = path.length > 60 ? `${path.slice(0, 57)}...` : path;
    throw new GeometryInputError(
      'external-reference',
      packaged
        ? `The usdz package refers to "${shown}", which is not inside it; package every referenced layer and texture into the usdz.`
        : `The USD layer refers to the external file "${shown}", which is not part of the upload; flatten the stage or upload a usdz that packages it.`,
      { uri: shown },
    );
  }
}

function assetPaths(layer: Layer): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8 || value === null || value === undefined) return;
    if (typeof value === 'string') {
      for (const match of value.matchAll(/@([^@]+)@/g)) found.add(match[1]);
    } else if (Array.isArray(value)) {
      // Large numeric arrays (points, indices) hold no paths; only scan arrays that may hold strings.
      if (value.length > 0 && typeof value[0] === 'number') return;
      for (const item of value.slice(0, 1000)) visit(item, depth + 1);
    } else if (typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const record = value as Record<string, unknown>;
      if (typeof record.assetPath === 'string' && record.assetPath !== '') found.add(record.assetPath);
      for (const key of Object.keys(record)) visit(record[key], depth + 1);
    }
  };
  for (const spec of Object.values(layer.specsByPath)) visit(spec?.fields, 0);
  for (const path of layer.kilnTextPaths ?? []) found.add(path);
  return found;
}

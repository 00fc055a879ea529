/**
 * The playground page (web/): GET / and /playground serve web/index.html, /web/<file> its script and
 * styles, and /vendor/three-<version>/<file> the few three.js modules it imports, straight from the
 * installed `three` package — nothing comes from a CDN. Only whitelisted files are served: no path from
 * the request ever reaches the file system.
 *
 * The page gets its own Content-Security-Policy (the global helmet one stays strict): its scripts are
 * same-origin files plus one inline import map, allowed by its sha256 hash; blob: is allowed for image
 * thumbnails and for the textures GLTFLoader unpacks from a GLB.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface WebRouteOptions {
  /** Folder holding index.html, playground.js, viewer.js and playground.css; default `<repo>/web`. */
  webDir?: string;
  /**
   * KILN_PUBLIC_BASE_URL: download links point there, so the page may fetch GLBs from that origin too.
   * Default: none (links are same-origin).
   */
  publicBaseUrl?: string;
}

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

// three exports no ./package.json; its main entry sits in build/, one level below the package root.
const THREE_DIR = dirname(dirname(createRequire(import.meta.url).resolve('three')));
const THREE_VERSION: string = JSON.parse(readFileSync(join(THREE_DIR, 'package.json'), 'utf8')).version;
/** Where the page finds three; the version in the path lets browsers cache these files for good. */
export const THREE_BASE = `/vendor/three-${THREE_VERSION}`;

/** The three.js files the page's import graph reaches (three.module.js → three.core.js; GLTFLoader → utils). */
const THREE_FILES: ReadonlyArray<string> = [
  'build/three.module.js',
  'build/three.core.js',
  'examples/jsm/loaders/GLTFLoader.js',
  'examples/jsm/controls/OrbitControls.js',
  'examples/jsm/environments/RoomEnvironment.js',
  'examples/jsm/utils/BufferGeometryUtils.js',
  'examples/jsm/utils/SkeletonUtils.js',
];
const OWN_FILES: Readonly<Record<string, string>> = {
  'playground.js': 'text/javascript; charset=utf-8',
  'viewer.js': 'text/javascript; charset=utf-8',
  'model-tasks.js': 'text/javascript; charset=utf-8',
  'task-history.js': 'text/javascript; charset=utf-8',
  'playground.css': 'text/css; charset=utf-8',
};

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../web/', import.meta.url));
const IMPORT_MAP = /<script type="importmap">([\s\S]*?)<\/script>/;

function asset(body: Buffer, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Content-Security-Policy of the page; `importMap` is the exact text of its inline import map. */
export function playgroundCsp(importMap: string, publicBaseUrl?: string): Record<string, string[]> {
  const hash = `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`;
  const downloads = publicBaseUrl ? [new URL(publicBaseUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", hash],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...downloads],
    'connect-src': ["'self'", 'blob:', ...downloads],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function webRoutes(app: FastifyInstance, options: WebRouteOptions = {}): Promise<void> {
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  // Read once at start: the page is small and the three files are immutable for this version.
  const html = (await readFile(join(webDir, 'index.html'), 'utf8')).replaceAll('__THREE__', THREE_BASE);
  const importMap = IMPORT_MAP.exec(html)?.[1];
  if (importMap === undefined) throw new Error(`${join(webDir, 'index.html')} has no inline import map`);
  const page = asset(Buffer.from(html), 'text/html; charset=utf-8');
  const own = new Map<string, Asset>();
  for (const [name, type] of Object.entries(OWN_FILES)) own.set(name, asset(await readFile(join(webDir, name)), type));
  const vendor = new Map<string, Asset>();
  for (const file of THREE_FILES) {
    vendor.set(file, asset(await readFile(join(THREE_DIR, file)), 'text/javascript; charset=utf-8'));
  }

  const send = (request: FastifyRequest, reply: FastifyReply, file: Asset, cacheControl: string) => {
    reply.header('cache-control', cacheControl);
    reply.header('etag', file.etag);
    reply.header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    reply.header('content-type', file.type);
    return reply.send(file.body);
  };

  const pageConfig = {
    helmet: {
      contentSecurityPolicy: { useDefaults: false, directives: playgroundCsp(importMap, options.publicBaseUrl) },
    },
  };
  const hidden = { hide: true };
  // The page and its own files revalidate on every load (an upgrade takes effect at once; unchanged files cost a 304).
  for (const url of ['/', '/playground']) {
    app.get(url, { config: pageConfig, schema: hidden }, (request, reply) => send(request, reply, page, 'no-cache'));
  }
  app.get<{ Params: { name: string } }>('/web/:name', { schema: hidden }, (request, reply) => {
    const file = own.get(request.params.name);
    if (!file) return reply.callNotFound();
    return send(request, reply, file, 'no-cache');
  });
  app.get<{ Params: { '*': string } }>(`${THREE_BASE}/*`, { schema: hidden }, (request, reply) => {
    const file = vendor.get(request.params['*']);
    if (!file) return reply.callNotFound();
    return send(request, reply, file, 'public, max-age=31536000, immutable');
  });
}

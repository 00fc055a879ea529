/**
 * A protocol-faithful fake of the Hunyuan3D-2 / 2.1 API server (api_server.py) for tests: POST /send
 * → {"uid"}; GET /status/{uid} → processing, (2.1, when texturing) texturing, then completed with
 * model_base64; POST /generate answers the GLB itself; an unknown uid reads as processing, as the real
 * server's does. The model is a real GLB written by Kiln's own exporter: a 39 600-face sphere with a
 * 1024² checker texture. Modes make it misbehave the way real deployments do.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { createNode, type Material, type Mesh } from '../../../src/geometry/mesh.ts';
import { uvSphereGrid } from '../../geometry/ops/fixtures.ts';

export type FakeMode =
  /** Every stage takes `stepMs`. */
  | 'ok'
  /** Stays in texturing for ever (a dead texturing thread). */
  | 'hang-texturing'
  /** The process dies on the first /send: the socket drops, then nothing listens. */
  | 'crash'
  /** Says completed with a model_base64 that is not a model. */
  | 'garbage'
  /** An older server: no /send (404), only the synchronous POST /generate. */
  | 'sync-only';

export interface FakeHunyuan {
  url: string;
  /** Bodies received by POST /send, in order. */
  sent: Record<string, any>[];
  /** Most jobs that were between /send and their completed answer at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

const CHECKER = 1024;

/** A UV sphere of 2·lat·lon − 2·lon triangles and a checker texture (red and white squares). */
export function sphereScene(lat = 100, lon = 200) {
  const { positions, uvs, indices } = uvSphereGrid(lat, lon, (_i, _j, theta, phi) => [
    Math.sin(theta) * Math.cos(phi),
    Math.cos(theta),
    -Math.sin(theta) * Math.sin(phi),
  ]);
  const data = new Uint8Array(CHECKER * CHECKER * 3);
  for (let y = 0; y < CHECKER; y++)
    for (let x = 0; x < CHECKER; x++) {
      const white = ((x >> 7) + (y >> 7)) % 2 === 0;
      data.set(white ? [240, 240, 240] : [200, 20, 20], (y * CHECKER + x) * 3);
    }
  const mesh: Mesh = {
    positions,
    indices,
    uvs,
    groups: [{ start: 0, count: indices.length / 3, material: 0 }],
  };
  const material: Material = {
    name: 'hunyuan',
    baseColor: [1, 1, 1, 1],
    metallic: 0,
    roughness: 0.8,
    baseColorTexture: { name: 'albedo', image: { width: CHECKER, height: CHECKER, channels: 3, data } },
  };
  return { materials: [material], roots: [createNode('mesh', mesh)] };
}

let model: Promise<Uint8Array> | undefined;
export const fakeModel = () => (model ??= writeGlb(sphereScene(), { generator: 'hunyuan3d-fake' }));

async function body(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

export async function startFakeHunyuan(
  options: { mode?: FakeMode; stepMs?: number; version?: '2.0' | '2.1' } = {},
): Promise<FakeHunyuan> {
  const mode = options.mode ?? 'ok';
  const stepMs = options.stepMs ?? 100;
  const jobs = new Map<string, { started: number; texture: boolean; done: boolean }>();
  let inFlight = 0;
  const fake: FakeHunyuan = { url: '', sent: [], maxInFlight: 0, close: async () => undefined };

  const statusOf = async (uid: string) => {
    const job = jobs.get(uid);
    if (!job) return { status: 'processing' };
    const elapsed = Date.now() - job.started;
    if (elapsed < stepMs) return { status: 'processing' };
    if (job.texture && (mode === 'hang-texturing' || elapsed < 2 * stepMs))
      return { status: options.version === '2.0' ? 'processing' : 'texturing' };
    if (!job.done) {
      job.done = true;
      inFlight--;
    }
    if (mode === 'garbage')
      return { status: 'completed', model_base64: Buffer.from('<html>502 Bad Gateway</html>').toString('base64') };
    return { status: 'completed', model_base64: Buffer.from(await fakeModel()).toString('base64') };
  };

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (mode === 'sync-only' && path === '/send') return json(response, 404, { detail: 'Not Found' });
    if (request.method === 'POST' && (path === '/send' || path === '/generate')) {
      if (mode === 'crash') {
        request.socket.destroy();
        server.close();
        return;
      }
      const params = await body(request);
      if (typeof params.image !== 'string' && typeof params.text !== 'string')
        return json(response, 400, { text: 'image or text is required', error_code: 1 });
      fake.sent.push(params);
      if (path === '/generate') {
        const glb = await fakeModel();
        return response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
      }
      const uid = randomUUID();
      jobs.set(uid, { started: Date.now(), texture: params.texture === true, done: false });
      inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      return json(response, 200, { uid });
    }
    if (request.method === 'GET' && path.startsWith('/status/'))
      return json(response, 200, await statusOf(decodeURIComponent(path.slice(8))));
    json(response, 404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      if (!server.listening) resolve();
    });
  return fake;
}

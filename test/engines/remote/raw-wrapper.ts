/**
 * A Kiln engine protocol wrapper around a "model server" in about forty lines, as docs/remote-engines.md
 * describes: it answers `raw: true` with one model.glb and leaves the asset to Kiln's output pipeline.
 * The model here is the fake Hunyuan3D sphere; a real wrapper would call its GPU model instead.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { fakeModel } from './fake-hunyuan3d.ts';

const json = (response: ServerResponse, status: number, value: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

export async function startRawWrapper(workMs = 100) {
  const jobs = new Map<string, { started: number }>();
  const server = createServer(async (request, response) => {
    const [, v1, resource, id, sub, name] = (request.url ?? '').split('/');
    if (v1 !== 'v1') return json(response, 404, { error: 'NOT_FOUND' });
    if (resource === 'health') return json(response, 200, { protocol: 'kiln-engine/1', kinds: ['generate-image'] });
    if (request.method === 'POST' && resource === 'jobs' && !id) {
      for await (const _ of request); // the job (spec, inputs) would go to the model here
      const job = randomUUID();
      jobs.set(job, { started: Date.now() });
      return json(response, 202, { id: job });
    }
    const job = jobs.get(id);
    if (!job) return json(response, 404, { error: 'NO_SUCH_TASK' });
    if (request.method === 'DELETE') return (jobs.delete(id), response.writeHead(204).end());
    const glb = await fakeModel();
    if (sub === 'files' && name === 'model.glb')
      return response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
    if (Date.now() - job.started < workMs)
      return json(response, 200, { id, state: 'running', stage: 'shape', percent: 40 });
    return json(response, 200, {
      id,
      state: 'done',
      stage: 'done',
      percent: 100,
      raw: true,
      files: [{ name: 'model.glb', contentType: 'model/gltf-binary', size: glb.byteLength }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

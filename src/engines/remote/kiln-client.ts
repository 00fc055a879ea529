/**
 * Adapter for the Kiln engine protocol (kiln-protocol.ts): a Kiln `engine-server` or any wrapper that
 * speaks it. Finished files are fetched and returned as they are; a `raw` result goes to the pipeline.
 */
import { EngineError, type EngineErrorCode, type EngineFile } from '../engine.ts';
import { checkStatus, jsonBody, RemoteFailure, remoteFetch, sleep, stageWatch, type RemoteAdapter } from './adapter.ts';
import { KILN_ENGINE_PROTOCOL, type HealthAnswer, type JobStatus, type JobSubmission } from './kiln-protocol.ts';
import { engineKindOf } from '../../domain/task-spec.ts';

/** Every request to an engine server, with its bearer token when KILN_ENGINE_TOKEN is set. */
function kilnFetch(context: Parameters<typeof remoteFetch>[0], url: string, init: RequestInit = {}): Promise<Response> {
  const token = context.settings.engineToken;
  if (!token) return remoteFetch(context, url, init);
  return remoteFetch(context, url, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
  });
}

/** Job errors that are about the input: the same refusal the engine would give in process. */
const INPUT_CODES: readonly string[] = ['INVALID_REQUEST', 'API_OBJECT_NOT_FOUND_ON_IMAGE'];

export const kilnAdapter: RemoteAdapter = {
  name: 'kiln',
  kinds: ['generate-image', 'generate-text', 'bang'],

  async health(context) {
    const response = await kilnFetch(context, `${context.endpoint}/v1/health`);
    await checkStatus(response, `kiln engine server at ${context.endpoint} GET /v1/health`);
    const answer = await jsonBody<Partial<HealthAnswer>>(
      response,
      `kiln engine server at ${context.endpoint} GET /v1/health`,
    );
    if (answer.protocol !== KILN_ENGINE_PROTOCOL) {
      throw new RemoteFailure(
        'garbage',
        `${context.endpoint} does not speak ${KILN_ENGINE_PROTOCOL} (protocol: ${String(answer.protocol)})`,
      );
    }
  },

  async run(job, context) {
    const service = `kiln engine server at ${context.endpoint}`;
    const submission: JobSubmission = {
      kind: engineKindOf(job.spec),
      taskId: job.taskId,
      spec: job.spec,
      inputs: job.inputs.map((input) => ({
        field: input.field,
        filename: input.filename,
        base64: Buffer.from(input.bytes).toString('base64'),
      })),
    };
    context.progress('remote submit', 0);
    const sent = await kilnFetch(context, `${context.endpoint}/v1/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission),
    });
    await checkStatus(sent, `${service} POST /v1/jobs`);
    const { id } = await jsonBody<{ id?: unknown }>(sent, `${service} POST /v1/jobs`);
    if (typeof id !== 'string' || !/^[\w-]+$/.test(id))
      throw new RemoteFailure('garbage', `${service} answered POST /v1/jobs without a job id`);
    const jobUrl = `${context.endpoint}/v1/jobs/${id}`;

    const watch = stageWatch(service, context.settings.stageTimeoutMs);
    try {
      for (;;) {
        const response = await kilnFetch(context, jobUrl);
        await checkStatus(response, `${service} GET /v1/jobs/${id}`);
        const status = await jsonBody<JobStatus>(response, `${service} GET /v1/jobs/${id}`);
        if (status.state === 'done') return await fetchResult(jobUrl, status, service, context);
        if (status.state === 'failed') {
          const code = status.error?.code ?? 'UNKNOWN';
          const message = status.error?.message ?? 'no message';
          if (INPUT_CODES.includes(code)) throw new EngineError(code as EngineErrorCode, message);
          throw new RemoteFailure('crash', `${service} failed the job: ${message}`);
        }
        if (status.state !== 'running')
          throw new RemoteFailure(
            'garbage',
            `${service} answered with an unknown job state "${String(status.state).slice(0, 40)}"`,
          );
        context.progress(status.stage, Math.min(1, Math.max(0, Number(status.percent) / 100 || 0)));
        watch(status.stage);
        await sleep(context.settings.pollMs, context.signal);
      }
    } finally {
      // Finished or abandoned, the server may forget the job (a running one is cancelled).
      kilnFetch(
        { settings: context.settings, signal: AbortSignal.timeout(context.settings.requestTimeoutMs) },
        jobUrl,
        { method: 'DELETE' },
      )
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
  },
};

async function fetchResult(
  jobUrl: string,
  status: JobStatus,
  service: string,
  context: Parameters<RemoteAdapter['run']>[1],
) {
  const listed = Array.isArray(status.files) ? status.files : [];
  if (listed.length === 0) throw new RemoteFailure('garbage', `${service} finished the job without any files`);
  const files: EngineFile[] = [];
  for (const file of listed) {
    const response = await kilnFetch(context, `${jobUrl}/files/${encodeURIComponent(file.name)}`);
    await checkStatus(response, `${service} GET file ${file.name}`);
    files.push({ name: file.name, contentType: file.contentType, bytes: new Uint8Array(await response.arrayBuffer()) });
  }
  if (status.raw) {
    const model = files.find((file) => file.name.endsWith('.glb'));
    if (!model) throw new RemoteFailure('garbage', `${service} returned a raw result without a .glb model`);
    return { type: 'model' as const, glb: model.bytes, notes: status.notes };
  }
  return { type: 'files' as const, files, notes: status.notes };
}

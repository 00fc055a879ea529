/**
 * `kiln mcp`: a Model Context Protocol server on stdio so an agent can make assets with a running Kiln
 * (KILN_URL, KILN_API_KEY). Its tools go through the TypeScript SDK like every client command:
 * generate, bang, texture, convert (each waits for the task and downloads its files unless wait=false),
 * status, download and balance. Progress goes out as MCP progress notifications when the caller asks.
 */
import { join, resolve } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  KilnApiError,
  KilnConnectionError,
  type KilnClient,
  type SubmitResponse,
  type TaskRecord,
} from '../../clients/ts/src/index.ts';
import { clientOptions, sdkClient } from './client.ts';
import type { CommonFlags } from './client-commands.ts';
import type { CliIo } from './output.ts';

export const MCP_DEFAULTS = {
  /** Where tools write downloaded files (a folder per task inside); KILN_MCP_DOWNLOAD_DIR overrides. */
  downloadDir: './kiln-downloads',
  /** How long a tool waits for its task before answering with the uuid to poll with `status`. */
  waitTimeoutMs: 15 * 60_000,
} as const;

type Json = Record<string, unknown>;
const text = (description: string) => ({ type: 'string', description });
const paths = (description: string) => ({ type: 'array', items: { type: 'string' }, description });
const WAIT = {
  type: 'boolean',
  description:
    'Wait for the task to finish and download its files (default true); false answers with the uuid at once.',
};
const MODEL = {
  asset_id: text('The uuid of one of your completed tasks whose model to use (or pass model).'),
  model: text('Path of a model file on this machine (GLB, glTF, OBJ, FBX, STL, PLY …), instead of asset_id.'),
};

/** The tools as MCP lists them: names, what they do, and JSON Schemas of their arguments. */
export const MCP_TOOLS = [
  {
    name: 'generate',
    description:
      'Make a textured 3D asset from a text prompt or 1–5 pictures. Waits, then downloads the files (GLB and a preview) and answers with their paths.',
    inputSchema: {
      type: 'object',
      properties: {
        prompt: text('What to make, e.g. "a weathered wooden chair". Optional with images.'),
        images: paths('Paths of 1–5 pictures of one object on this machine.'),
        tier: text('Gen-2.5-Medium (default), Gen-2.5-High, Gen-2.5-Extreme-High …'),
        geometry_file_format: text('glb (default), usdz, fbx, obj or stl.'),
        material: text('PBR (default), Shaded, All or None.'),
        wait: WAIT,
      },
    },
  },
  {
    name: 'bang',
    description: 'Split a model into separate pieces (one file per piece). Waits and downloads unless wait=false.',
    inputSchema: {
      type: 'object',
      properties: {
        ...MODEL,
        strength: { type: 'integer', minimum: 1, maximum: 12, description: 'How finely to split (default 4).' },
        wait: WAIT,
      },
    },
  },
  {
    name: 'texture',
    description: 'Paint new textures on a model from 1–5 reference pictures. Waits and downloads unless wait=false.',
    inputSchema: {
      type: 'object',
      properties: { ...MODEL, images: paths('Paths of 1–5 reference pictures.'), wait: WAIT },
      required: ['images'],
    },
  },
  {
    name: 'convert',
    description: 'Convert a model to another format or face budget. Waits and downloads unless wait=false.',
    inputSchema: {
      type: 'object',
      properties: {
        ...MODEL,
        geometry_file_format: text('glb, usdz, fbx, obj or stl.'),
        quality_override: { type: 'integer', description: 'Target face count.' },
        wait: WAIT,
      },
    },
  },
  {
    name: 'status',
    description: 'State, stage, progress, files and error of a task by its uuid.',
    inputSchema: { type: 'object', properties: { uuid: text('The task uuid.') }, required: ['uuid'] },
  },
  {
    name: 'download',
    description: 'Download every file of a Done task; answers with the paths.',
    inputSchema: {
      type: 'object',
      properties: { uuid: text('The task uuid.'), dir: text('Folder to write into (default: the download folder).') },
      required: ['uuid'],
    },
  },
  {
    name: 'balance',
    description: 'Credits left on this API key’s account.',
    inputSchema: { type: 'object', properties: {} },
  },
] as const;

function summary(record: TaskRecord): Json {
  const job = record.jobs[0];
  return {
    uuid: record.uuid,
    kind: record.kind,
    state: record.state,
    progress: job?.progress ?? 0,
    stage: job?.stage ?? null,
    consumed: record.consumed,
    files: record.files.map((file) => file.name),
    error: record.error,
  };
}

const answer = (value: Json, extra: CallToolResult['content'] = []): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...extra],
  structuredContent: value,
});

/** A tool's answer with each file as a resource link (file:// URI) the agent can open. */
function filesAnswer(record: TaskRecord, written: string[]): CallToolResult {
  return answer(
    { ...summary(record), paths: written },
    written.map((path) => ({
      type: 'resource_link' as const,
      uri: `file://${path}`,
      name: path.split('/').at(-1)!,
    })),
  );
}

export interface McpOptions {
  client: KilnClient;
  downloadDir: string;
}

/** The MCP server with its tools bound to a Kiln client (not yet connected to a transport). */
export function createMcpServer({ client, downloadDir }: McpOptions): Server {
  const server = new Server({ name: 'kiln', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: MCP_TOOLS.map((tool) => ({ ...tool })) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Json;
    const progressToken = request.params._meta?.progressToken;
    const finish = async (submitted: SubmitResponse): Promise<CallToolResult> => {
      if (args.wait === false) return answer({ uuid: submitted.uuid, state: 'Waiting', consumed: submitted.consumed });
      const record = await client.waitFor(submitted, {
        signal: extra.signal,
        timeoutMs: MCP_DEFAULTS.waitTimeoutMs,
        onProgress: (progress) => {
          if (progressToken === undefined) return;
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: progress.progress,
                total: 100,
                message: `${progress.state}${progress.stage ? `: ${progress.stage}` : ''}`,
              },
            })
            .catch(() => undefined);
        },
      });
      return filesAnswer(record, await client.download(record, join(downloadDir, record.uuid)));
    };
    const model = { asset_id: args.asset_id as string | undefined, model: args.model as string | undefined };
    try {
      switch (request.params.name) {
        case 'generate':
          return await finish(
            await client.generate({
              prompt: args.prompt as string | undefined,
              images: args.images as string[] | undefined,
              tier: args.tier as string | undefined,
              geometry_file_format: args.geometry_file_format as string | undefined,
              material: args.material as string | undefined,
            }),
          );
        case 'bang':
          return await finish(await client.bang({ ...model, strength: args.strength as number | undefined }));
        case 'texture':
          return await finish(await client.texture({ ...model, image: (args.images as string[] | undefined) ?? [] }));
        case 'convert':
          return await finish(
            await client.convert({
              ...model,
              geometry_file_format: args.geometry_file_format as string | undefined,
              quality_override: args.quality_override as number | undefined,
            }),
          );
        case 'status':
          return answer(summary(await client.task(String(args.uuid ?? ''), extra.signal)));
        case 'download': {
          const uuid = String(args.uuid ?? '');
          const record = await client.task(uuid, extra.signal);
          if (record.state !== 'Done') {
            return refusal('TASK_NOT_DONE', `Task ${uuid} is ${record.state}; only a Done task has files.`);
          }
          const dir = typeof args.dir === 'string' ? resolve(args.dir) : join(downloadDir, uuid);
          return filesAnswer(record, await client.download(record, dir, { signal: extra.signal }));
        }
        case 'balance':
          return answer({ balance: await client.balance(extra.signal) });
        default:
          return refusal('INVALID_REQUEST', `No tool "${request.params.name}"; list the tools to see them.`);
      }
    } catch (error) {
      if (error instanceof KilnApiError) return refusal(error.code, error.message);
      if (error instanceof KilnConnectionError || error instanceof TypeError) return refusal('CLIENT', error.message);
      throw error;
    }
  });
  return server;
}

/** A tool error the agent reads: the catalogue code and what to change. */
function refusal(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }] };
}

export async function mcpCommand(io: CliIo, flags: CommonFlags): Promise<void> {
  const options = clientOptions(io.env, flags);
  const server = createMcpServer({
    client: sdkClient(options),
    downloadDir: resolve(io.env.KILN_MCP_DOWNLOAD_DIR ?? MCP_DEFAULTS.downloadDir),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = done;
  });
  await server.connect(transport);
  io.err(`Kiln MCP server on stdio for ${options.baseUrl} (tools: ${MCP_TOOLS.map((tool) => tool.name).join(', ')})`);
  await closed;
}

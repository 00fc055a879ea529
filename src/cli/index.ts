/**
 * The `kiln` command. Server side: serve, worker, keys, credits (on KILN_DATA_DIR / DATABASE_URL).
 * Client side: generate, bang, texture, convert, status, download, tasks, cancel, delete, mcp (against
 * KILN_URL with KILN_API_KEY, through the TypeScript SDK in clients/ts).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError, processIo, type CliIo } from './output.ts';

// Command modules load on demand: client commands need no database or HTTP server code, and admin
// commands no Fastify, which keeps each invocation quick.
const serverCommands = () => import('./serve.ts');
const adminCommands = () => import('./admin.ts');
const clientCommands = () => import('./client-commands.ts');
const modelCommands = () => import('./model-commands.ts');
const taskCommands = () => import('./task-commands.ts');
const engineServerCommand = () => import('./engine-server.ts');

export const USAGE = `Usage: kiln <command> [options]

Server (uses KILN_DATA_DIR, default ./data; see .env.example):
  serve [--port N] [--no-workers]      HTTP API on HOST:PORT (default 127.0.0.1:8080) with in-process workers;
                                       --no-workers serves HTTP only (run \`kiln worker\` processes beside it)
  worker [--concurrency N] [--health-port P]
                                       queue workers only, no API (N consumers, default KILN_WORKERS);
                                       --health-port serves GET /healthz on HOST:P for liveness probes
  engine-server [--port N]             this machine's engines over the Kiln engine protocol (default port 8090;
                                       another Kiln uses it with KILN_ENGINE_GENERATE_IMAGE=kiln:http://host:N;
                                       KILN_ENGINE_TOKEN on both sides makes it refuse anyone else)
  migrate-blobs [--delete-local]       copy <KILN_DATA_DIR>/blobs into the KILN_S3_BUCKET (docs/deploy.md)
  migrate-db [--from kiln.db]          copy the embedded SQLite database into DATABASE_URL's empty PostgreSQL
  keys create [--credits N] [--name X] [--webhook URL]
                                       new API key; the key alone is the last line of output
  keys list                            keys with balance and tasks in flight
  keys revoke <key-id-or-prefix>
  keys set-webhook <key> <URL|none>    default webhook URL of the key's tasks
  keys webhook-secret <key>            the secret that signs the key's webhooks (Kiln-Signature)
  credits add <key-or-account> <N>     add (or with a negative N, remove) credits
  credits show <key-or-account>        balance and ledger

Client (KILN_URL default http://127.0.0.1:8080, KILN_API_KEY; or --url/--key):
  generate --image a.png [--image b.png …] | --prompt "…"  [--tier T] [--format glb] [--material PBR]
           [--quality medium] [--mesh-mode Raw] [--texture-mode high] [--addons HighPack] [--seed N] [--label F …]
  bang --asset <uuid> | --model m.glb [--image ref.png] [--strength 1-12] [--material None]
  texture --asset <uuid> | --model m.obj  --image front.png [--image side.png …] [--label F …]
          [--resolution Basic|High] [--keep-uvs true|false] [--material PBR] [--format glb]
  convert --asset <uuid> | --model m.fbx  [--format glb|usdz|fbx|obj|stl] [--faces N] [--mesh-mode Quad]
          [--uv keep|new] [--texture-resolution 2048] [--scale-to 1.8] [--pivot bottom-centre] [--up-axis Z]
  rig --asset <uuid> | --model m.glb  [--rig-type auto|humanoid|quadruped] [--animations idle,walk …]
      [--format glb|fbx] [--height 1.8] (a rigged glb or fbx and a mid-walk preview.webp)
  status <subscription_key> [--wait]
  download <task uuid> [--out dir]
  tasks [--state Done --state Failed] [--kind generate] [--limit 20] [--cursor C] [--json]
                                       your tasks, newest first (one page; the next page's cursor on stderr)
  cancel <task uuid>                   stop a Waiting or Generating task; its credits are refunded
  delete <task uuid>                   remove a finished task and its files (the ledger keeps its entries)
  mcp                                  an MCP server on stdio (tools: generate, bang, texture, convert, status,
                                       download, balance) for agents; KILN_MCP_DOWNLOAD_DIR sets where files go
  generate/bang/texture/convert/rig wait with a progress bar (following the task's event stream, else polling),
  then download into --out (default ./<uuid>); --no-wait prints the uuid.
  --field name=value (repeatable) sends any other API field, e.g. --field uhd_texture=true --field quality_override=20000.`;

const clientFlags = {
  url: { type: 'string' },
  key: { type: 'string' },
  out: { type: 'string' },
  wait: { type: 'boolean' },
  'no-wait': { type: 'boolean' },
  interval: { type: 'string' },
  field: { type: 'string', multiple: true },
} as const satisfies ParseArgsConfig['options'];

/** The flags bang, texture and convert share: which model (--asset or --model) and the output material and format. */
const modelFlags = {
  asset: { type: 'string' },
  model: { type: 'string' },
  material: { type: 'string' },
  format: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

const OPTIONS = {
  serve: { port: { type: 'string', short: 'p' }, 'no-workers': { type: 'boolean' } },
  worker: { concurrency: { type: 'string', short: 'c' }, 'health-port': { type: 'string' } },
  'engine-server': { port: { type: 'string', short: 'p' } },
  'migrate-blobs': { 'delete-local': { type: 'boolean' }, from: { type: 'string' } },
  'migrate-db': { from: { type: 'string' } },
  keys: { credits: { type: 'string' }, name: { type: 'string' }, webhook: { type: 'string' } },
  credits: {},
  generate: {
    ...clientFlags,
    image: { type: 'string', multiple: true, short: 'i' },
    prompt: { type: 'string' },
    tier: { type: 'string' },
    quality: { type: 'string' },
    format: { type: 'string' },
    material: { type: 'string' },
    'mesh-mode': { type: 'string' },
    'texture-mode': { type: 'string' },
    addons: { type: 'string', multiple: true },
    seed: { type: 'string' },
    label: { type: 'string', multiple: true },
  },
  bang: {
    ...clientFlags,
    ...modelFlags,
    image: { type: 'string', multiple: true },
    prompt: { type: 'string' },
    strength: { type: 'string' },
  },
  texture: {
    ...clientFlags,
    ...modelFlags,
    image: { type: 'string', multiple: true, short: 'i' },
    label: { type: 'string', multiple: true },
    prompt: { type: 'string' },
    resolution: { type: 'string' },
    'keep-uvs': { type: 'string' },
    seed: { type: 'string' },
  },
  convert: {
    ...clientFlags,
    ...modelFlags,
    faces: { type: 'string' },
    'mesh-mode': { type: 'string' },
    uv: { type: 'string' },
    'texture-resolution': { type: 'string' },
    'scale-to': { type: 'string' },
    pivot: { type: 'string' },
    'up-axis': { type: 'string' },
  },
  rig: {
    ...clientFlags,
    ...modelFlags,
    'rig-type': { type: 'string' },
    animations: { type: 'string', multiple: true },
    height: { type: 'string' },
    seed: { type: 'string' },
  },
  status: clientFlags,
  download: clientFlags,
  tasks: {
    ...clientFlags,
    state: { type: 'string', multiple: true },
    kind: { type: 'string', multiple: true },
    limit: { type: 'string' },
    cursor: { type: 'string' },
    json: { type: 'boolean' },
  },
  cancel: clientFlags,
  delete: clientFlags,
  mcp: clientFlags,
} as const satisfies Record<string, ParseArgsConfig['options']>;

type Command = keyof typeof OPTIONS;

function parse(command: Command, args: string[]) {
  try {
    const parsed = parseArgs({ args, options: OPTIONS[command], allowPositionals: true, strict: true });
    const values = parsed.values as Record<string, unknown>;
    if (values['no-wait']) values.wait = false;
    return { values, positionals: parsed.positionals };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nRun \`kiln help\` for the options of each command.`, 2);
  }
}

async function run(argv: string[], io: CliIo): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return;
  }
  if (!(command in OPTIONS)) throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  const { values, positionals } = parse(command as Command, rest);
  const flags = values as never;
  switch (command as Command) {
    case 'serve':
      return (await serverCommands()).serve(io, flags);
    case 'worker':
      return (await serverCommands()).worker(io, flags);
    case 'migrate-blobs':
      return (await import('./migrate-blobs.ts')).migrateBlobsCommand(io, flags);
    case 'migrate-db':
      return (await import('./migrate-db.ts')).migrateDbCommand(io, flags);
    case 'engine-server':
      return (await engineServerCommand()).engineServer(io, flags);
    case 'keys': {
      const [sub, ref, url] = positionals;
      if (sub === 'create') return (await adminCommands()).keysCreate(io, flags);
      if (sub === 'set-webhook' || sub === 'webhook-secret')
        return (await adminCommands()).keysWebhook(io, sub, ref, url);
      if (sub === 'list') return (await adminCommands()).keysList(io);
      if (sub === 'revoke') return (await adminCommands()).keysRevoke(io, ref);
      throw new CliError(
        'Usage: kiln keys create [--credits N] [--name X] [--webhook URL] | keys list | keys revoke <key-id-or-prefix> | keys set-webhook <key> <URL|none> | keys webhook-secret <key>',
        2,
      );
    }
    case 'credits': {
      const [sub, ref, amount] = positionals;
      if (sub === 'add') return (await adminCommands()).creditsAdd(io, ref, amount);
      if (sub === 'show') return (await adminCommands()).creditsShow(io, ref);
      throw new CliError('Usage: kiln credits add <key-or-account> <N> | credits show <key-or-account>', 2);
    }
    case 'generate':
      return (await clientCommands()).generateCommand(io, flags);
    case 'bang':
      return (await clientCommands()).bangCommand(io, flags);
    case 'texture':
      return (await modelCommands()).textureCommand(io, flags);
    case 'convert':
      return (await modelCommands()).convertCommand(io, flags);
    case 'rig':
      return (await modelCommands()).rigCommand(io, flags);
    case 'status':
      return (await clientCommands()).statusCommand(io, positionals[0], flags);
    case 'download':
      return (await clientCommands()).downloadCommand(io, positionals[0], flags);
    case 'tasks':
      return (await taskCommands()).tasksCommand(io, flags);
    case 'cancel':
      return (await taskCommands()).cancelCommand(io, positionals[0], flags);
    case 'delete':
      return (await taskCommands()).deleteCommand(io, positionals[0], flags);
    case 'mcp':
      return (await import('./mcp-server.ts')).mcpCommand(io, flags);
  }
}

/** Runs one command; sets process.exitCode on failure (1 refused, 2 usage) instead of throwing. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    const code = error instanceof CliError ? error.exitCode : 1;
    io.err(
      error instanceof CliError
        ? `kiln: ${error.message}`
        : `kiln: unexpected error: ${(error as Error)?.stack ?? String(error)}`,
    );
    process.exitCode = code;
    return code;
  }
}

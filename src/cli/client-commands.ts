/** `kiln generate|bang|status|download`: client commands against a running server. */
import { join } from 'node:path';
import { CliError, type CliIo } from './output.ts';
import type { BangRequest, GenerateRequest } from '../../clients/ts/src/index.ts';
import { call, clientOptions, download, followTask, type ClientOptions, type SubmitResponse } from './client.ts';

export interface CommonFlags {
  url?: string;
  key?: string;
  out?: string;
  wait?: boolean;
  interval?: string;
  /** `--field name=value` (repeatable): any other form field, e.g. uhd_texture=true, quality_override=20000. */
  field?: string[];
}

/** Extra form fields from --field name=value, merged over the named flags (repeats become repeated fields). */
export function extraFields(flags: CommonFlags): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of flags.field ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new CliError(`--field takes name=value (e.g. --field uhd_texture=true); got "${item}".`, 2);
    (out[item.slice(0, at)] ??= []).push(item.slice(at + 1));
  }
  return out;
}

/** Polling interval (--interval seconds) for a server without the event stream. */
export function intervalMs(flags: CommonFlags): number {
  const seconds = flags.interval === undefined ? 1 : Number(flags.interval);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new CliError(`--interval must be a positive number of seconds; got "${flags.interval}".`, 2);
  return seconds * 1000;
}

export async function followUp(
  io: CliIo,
  options: ClientOptions,
  accepted: SubmitResponse,
  flags: CommonFlags,
): Promise<void> {
  io.err(
    `Submitted task ${accepted.uuid} (${accepted.consumed} credits). Subscription key: ${accepted.jobs.subscription_key}`,
  );
  if (accepted.prompt) io.err(`Prompt: ${accepted.prompt}`);
  if (flags.wait === false) {
    io.out(accepted.uuid);
    return;
  }
  await followTask({ ...options, pollMs: intervalMs(flags) }, accepted.uuid, io);
  const outDir = flags.out ?? join('.', accepted.uuid);
  for (const path of await download(options, accepted.uuid, outDir)) io.out(path);
}

export interface GenerateFlags extends CommonFlags {
  image?: string[];
  prompt?: string;
  tier?: string;
  quality?: string;
  format?: string;
  material?: string;
  'mesh-mode'?: string;
  'texture-mode'?: string;
  addons?: string[];
  seed?: string;
  label?: string[];
}

export async function generateCommand(io: CliIo, flags: GenerateFlags): Promise<void> {
  const images = flags.image ?? [];
  if (images.length === 0 && !flags.prompt) {
    throw new CliError('Send 1–5 images (--image a.png --image b.png …) or a text prompt (--prompt "a red chair").', 2);
  }
  if (images.length > 5) throw new CliError(`At most 5 images; got ${images.length}.`, 2);
  const options = clientOptions(io.env, flags);
  const request = {
    images,
    prompt: flags.prompt,
    tier: flags.tier,
    quality: flags.quality,
    geometry_file_format: flags.format,
    material: flags.material,
    mesh_mode: flags['mesh-mode'],
    texture_mode: flags['texture-mode'],
    addons: flags.addons,
    seed: flags.seed,
    image_label: flags.label,
    ...extraFields(flags),
  };
  // Flag values are the API's own words; the SDK sends them as the form fields they are.
  await followUp(io, options, await call(options, (client) => client.generate(request as GenerateRequest)), flags);
}

export interface BangFlags extends CommonFlags {
  asset?: string;
  model?: string;
  image?: string[];
  prompt?: string;
  strength?: string;
  material?: string;
  format?: string;
}

export async function bangCommand(io: CliIo, flags: BangFlags): Promise<void> {
  if (Boolean(flags.asset) === Boolean(flags.model)) {
    throw new CliError('Pass exactly one of --asset <uuid of a completed generation> or --model <file>.', 2);
  }
  const options = clientOptions(io.env, flags);
  const request = {
    asset_id: flags.asset,
    model: flags.model,
    image: flags.image,
    prompt: flags.prompt,
    strength: flags.strength,
    material: flags.material,
    geometry_file_format: flags.format,
    ...extraFields(flags),
  };
  await followUp(io, options, await call(options, (client) => client.bang(request as BangRequest)), flags);
}

export async function statusCommand(io: CliIo, subscriptionKey: string | undefined, flags: CommonFlags): Promise<void> {
  if (!subscriptionKey) throw new CliError('Usage: kiln status <subscription_key> [--wait].', 2);
  const options = clientOptions(io.env, flags);
  const status = () => call(options, (client) => client.status(subscriptionKey)).then((answer) => answer.jobs);
  let jobs = await status();
  // The stream and the record take a job uuid as well as the task's; /status gave us one.
  if (flags.wait) {
    await followTask({ ...options, pollMs: intervalMs(flags) }, jobs[0]!.uuid, io);
    jobs = await status();
  }
  for (const job of jobs) {
    const detail =
      job.status === 'Failed' ? ` ${job.error ?? ''}: ${job.message ?? ''}` : job.stage ? ` ${job.stage}` : '';
    io.out(`${job.uuid}  ${job.status}  ${Math.round(job.status === 'Done' ? 100 : (job.progress ?? 0))}%${detail}`);
  }
}

export async function downloadCommand(io: CliIo, uuid: string | undefined, flags: CommonFlags): Promise<void> {
  if (!uuid) throw new CliError('Usage: kiln download <task uuid> [--out dir].', 2);
  const options = clientOptions(io.env, flags);
  for (const path of await download(options, uuid, flags.out ?? join('.', uuid))) io.out(path);
}

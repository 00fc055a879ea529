/** `kiln texture` and `kiln convert`: a model (file or --asset uuid) through /api/v2/texture or /api/v2/convert. */
import { CliError, type CliIo } from './output.ts';
import type { ConvertRequest, RigRequest, TextureRequest } from '../../clients/ts/src/index.ts';
import { call, clientOptions } from './client.ts';
import { extraFields, followUp, type CommonFlags } from './client-commands.ts';

interface ModelFlags extends CommonFlags {
  asset?: string;
  model?: string;
  format?: string;
  material?: string;
}

function checkModel(flags: ModelFlags, command: string): void {
  if (Boolean(flags.asset) === Boolean(flags.model)) {
    throw new CliError(`kiln ${command}: pass exactly one of --asset <uuid of a completed task> or --model <file>.`, 2);
  }
}

export interface TextureFlags extends ModelFlags {
  image?: string[];
  label?: string[];
  prompt?: string;
  resolution?: string;
  'keep-uvs'?: string;
  seed?: string;
}

export async function textureCommand(io: CliIo, flags: TextureFlags): Promise<void> {
  checkModel(flags, 'texture');
  const images = flags.image ?? [];
  if (images.length === 0 || images.length > 5)
    throw new CliError('kiln texture: send 1–5 pictures (--image front.png [--image side.png …]).', 2);
  const options = clientOptions(io.env, flags);
  const request = {
    asset_id: flags.asset,
    model: flags.model,
    image: images,
    prompt: flags.prompt,
    image_label: flags.label,
    resolution: flags.resolution,
    keep_uvs: flags['keep-uvs'],
    seed: flags.seed,
    material: flags.material,
    geometry_file_format: flags.format,
    ...extraFields(flags),
  };
  await followUp(io, options, await call(options, (client) => client.texture(request as TextureRequest)), flags);
}

export interface ConvertFlags extends ModelFlags {
  faces?: string;
  'mesh-mode'?: string;
  uv?: string;
  'texture-resolution'?: string;
  'scale-to'?: string;
  pivot?: string;
  'up-axis'?: string;
}

export async function convertCommand(io: CliIo, flags: ConvertFlags): Promise<void> {
  checkModel(flags, 'convert');
  const options = clientOptions(io.env, flags);
  const request = {
    asset_id: flags.asset,
    model: flags.model,
    geometry_file_format: flags.format,
    quality_override: flags.faces,
    mesh_mode: flags['mesh-mode'],
    uv: flags.uv,
    texture_resolution: flags['texture-resolution'],
    scale_to: flags['scale-to'],
    pivot: flags.pivot,
    up_axis: flags['up-axis'],
    material: flags.material,
    ...extraFields(flags),
  };
  await followUp(io, options, await call(options, (client) => client.convert(request as ConvertRequest)), flags);
}

export interface RigFlags extends ModelFlags {
  'rig-type'?: string;
  animations?: string[];
  height?: string;
  seed?: string;
}

/** `kiln rig`: a humanoid or four-legged model rigged with a skeleton, skin weights and clips. */
export async function rigCommand(io: CliIo, flags: RigFlags): Promise<void> {
  checkModel(flags, 'rig');
  const options = clientOptions(io.env, flags);
  const request = {
    asset_id: flags.asset,
    model: flags.model,
    rig_type: flags['rig-type'],
    animations: flags.animations?.join(','),
    geometry_file_format: flags.format,
    height_meters: flags.height,
    seed: flags.seed,
    ...extraFields(flags),
  };
  await followUp(io, options, await call(options, (client) => client.rig(request as RigRequest)), flags);
}

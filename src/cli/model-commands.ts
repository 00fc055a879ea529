/** `kiln texture` and `kiln convert`: a model (file or --asset uuid) through /api/v2/texture or /api/v2/convert. */
import { CliError, type CliIo } from './output.ts';
import { clientOptions, formOf, submit } from './client.ts';
import { extraFields, followUp, type CommonFlags } from './client-commands.ts';

interface ModelFlags extends CommonFlags {
  asset?: string;
  model?: string;
  format?: string;
  material?: string;
}

function modelFiles(flags: ModelFlags, command: string): Array<{ field: string; path: string }> {
  if (Boolean(flags.asset) === Boolean(flags.model)) {
    throw new CliError(`kiln ${command}: pass exactly one of --asset <uuid of a completed task> or --model <file>.`, 2);
  }
  return flags.model ? [{ field: 'model', path: flags.model }] : [];
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
  const files = modelFiles(flags, 'texture');
  const images = flags.image ?? [];
  if (images.length === 0 || images.length > 5)
    throw new CliError('kiln texture: send 1–5 pictures (--image front.png [--image side.png …]).', 2);
  const options = clientOptions(io.env, flags);
  const form = await formOf(
    {
      asset_id: flags.asset,
      prompt: flags.prompt,
      image_label: flags.label,
      resolution: flags.resolution,
      keep_uvs: flags['keep-uvs'],
      seed: flags.seed,
      material: flags.material,
      geometry_file_format: flags.format,
      ...extraFields(flags),
    },
    [...files, ...images.map((path) => ({ field: 'image', path }))],
  );
  await followUp(io, options, await submit(options, '/api/v2/texture', form), flags);
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
  const files = modelFiles(flags, 'convert');
  const options = clientOptions(io.env, flags);
  const form = await formOf(
    {
      asset_id: flags.asset,
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
    },
    files,
  );
  await followUp(io, options, await submit(options, '/api/v2/convert', form), flags);
}

export interface RigFlags extends ModelFlags {
  'rig-type'?: string;
  animations?: string[];
  height?: string;
  seed?: string;
}

/** `kiln rig`: a humanoid or four-legged model rigged with a skeleton, skin weights and clips. */
export async function rigCommand(io: CliIo, flags: RigFlags): Promise<void> {
  const files = modelFiles(flags, 'rig');
  const options = clientOptions(io.env, flags);
  const form = await formOf(
    {
      asset_id: flags.asset,
      rig_type: flags['rig-type'],
      animations: flags.animations?.join(','),
      geometry_file_format: flags.format,
      height_meters: flags.height,
      seed: flags.seed,
      ...extraFields(flags),
    },
    files,
  );
  await followUp(io, options, await submit(options, '/api/v2/rig', form), flags);
}

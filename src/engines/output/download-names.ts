/**
 * Download names, a product rule of the engines' output stage (see docs/spec/compat.md):
 * - one model per material variant: `base_basic_pbr.<ext>` (PBR), `base_basic_shaded.<ext>` (Shaded),
 *   both for All, and `base_basic.<ext>` for None (geometry only, no material at all);
 * - fbx/obj write their maps beside the model: `texture_diffuse.png`, `texture_normal.png`,
 *   `texture_metallic.png`, `texture_roughness.png`. A Shaded model alone uses `texture_diffuse.png`
 *   for its baked colour (what clients look for); with All the PBR model keeps the plain names and the
 *   Shaded model's colour map is `texture_diffuse_shaded.png`;
 * - a scene with several materials numbers the later ones: `texture_diffuse_2.png`, … in node-walk order
 *   (within one mesh by material index).
 * Names are unique within one export and never contain `/`.
 */
import type { MaterialVariant, OutputFormat } from '../../domain/task-spec.ts';
import type { TextureChannel } from '../../geometry/formats.ts';

export type VariantKind = 'pbr' | 'shaded' | 'none';

export function variantsOf(material: MaterialVariant): VariantKind[] {
  switch (material) {
    case 'PBR':
      return ['pbr'];
    case 'Shaded':
      return ['shaded'];
    case 'All':
      return ['pbr', 'shaded'];
    case 'None':
      return ['none'];
  }
}

/** `base` is `base_basic` for the main model; a second model of the same task (a high-poly mesh) picks another. */
export function modelStem(kind: VariantKind, base = 'base_basic'): string {
  return kind === 'none' ? base : `${base}_${kind}`;
}

export function modelFileName(kind: VariantKind, format: OutputFormat, base = 'base_basic'): string {
  return `${modelStem(kind, base)}.${format}`;
}

/**
 * Names a variant's texture files. `ordinal` counts textured materials from 0; `shadedBesidePbr` is
 * true when a PBR model is written in the same export (All), so the baked colour needs its own name.
 */
export function textureFileName(
  kind: VariantKind,
  channel: TextureChannel,
  ordinal: number,
  shadedBesidePbr: boolean,
): string {
  const variant = kind === 'shaded' && shadedBesidePbr ? '_shaded' : '';
  const number = ordinal > 0 ? `_${ordinal + 1}` : '';
  return `texture_${channel}${variant}${number}.png`;
}

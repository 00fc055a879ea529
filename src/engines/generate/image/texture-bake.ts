/**
 * The image engine's maps at the tabled resolution: base colour projected from the pictures
 * (colour-projection.ts) with unseen regions filled from their surroundings on the surface, a normal
 * map from the fine reconstruction field onto the budgeted mesh, and a uniform metallic-roughness map.
 */
import { bakeTexture, canonicalVertices } from '../../../geometry/ops/index.ts';
import { bakeTiled, callOnHelper, type BakeLayer, type BakeShaderFactory } from '../../../geometry/ops/bake-tiles.ts';
import { upsampleTwice } from '../../../geometry/ops/upsample.ts';
import type { Logger } from '../../../logger.ts';
import { GrowableUint32 } from '../../../geometry/ops/pair-table.ts';
import { linearToSrgbByte } from '../../../geometry/render/index.ts';
import { unitByte, type TextureMaps, type UvMesh } from '../shared/output.ts';
import { encodeUniformPng } from '../../../geometry/texture.ts';
import { vertexNeighbours } from '../shared/smooth.ts';
import { encodeTangentNormal, triangleTangents } from '../shared/tangents.ts';
import {
  createColourProjector,
  PROJECTOR_DEPTH_SCALE,
  projectorDepths,
  type ColourProjector,
  type OutputTransform,
} from './colour-projection.ts';
import type { Mesh, RasterImage } from '../../../geometry/mesh.ts';
import type { ShapeField } from './shape.ts';
import type { View } from './views.ts';

export interface ImageBakeOptions {
  views: View[];
  field: ShapeField;
  transform: OutputTransform;
  metallic: number;
  roughness: number;
  /** Bake the normal map (default true). */
  normalMap?: boolean;
  /**
   * Bake the maps at half of `size` and resample them bilinearly to `size` (default false): a quarter of
   * the texels shaded, for softer detail (fast mode; the spec's table fixes the size handed back).
   */
  halfSize?: boolean;
  /** Threads baking the maps' bands (bake-tiles.ts; default 1: this thread only). */
  threads?: number;
  /** Set-up computed ahead on the helper thread (`gradientAhead`, `depthsAhead`); what is missing is made here. */
  ahead?: ImageBakeAhead;
  logger?: Logger;
}

/**
 * The parts of the bake's set-up whose inputs are known before the atlas: the field's gradient (after
 * the shape) and the views' depth maps of the mesh (after the face budget, which the atlas only splits
 * at seams). Computed once on the helper thread while this thread works through the budget and the
 * atlas, on SharedArrayBuffers both bake threads then read, instead of by each bake thread before its
 * first band. A promise that fails (the helper ended) is made here instead: same values either way.
 */
export interface ImageBakeAhead {
  gradient?: Promise<Float32Array>;
  depths?: Promise<Float32Array[]>;
}

/** `fieldGradient` on a SharedArrayBuffer: the helper thread's `gradientAhead` work. */
export function sharedFieldGradient(field: ShapeField): Float32Array {
  return fieldGradient(field, true);
}

/** The views' depth maps of a mesh on SharedArrayBuffers: the helper thread's `depthsAhead` work. */
export function sharedProjectorDepths(input: {
  views: View[];
  mesh: Pick<Mesh, 'positions' | 'indices'>;
  transform: OutputTransform;
}): Float32Array[] {
  return projectorDepths(input.views, input.mesh, input.transform, PROJECTOR_DEPTH_SCALE, true);
}

/** The field's gradient, made on the helper thread if one is ready (else undefined: the bake makes it). */
export function gradientAhead(field: ShapeField): Promise<Float32Array> | undefined {
  return heard(callOnHelper<Float32Array>({ module: import.meta.url, name: 'sharedFieldGradient', input: field }));
}

/** A promise whose failure is not a crash if the run ends before the bake reads it (the bake handles it). */
function heard<T>(promise: Promise<T> | undefined): Promise<T> | undefined {
  promise?.catch(() => {});
  return promise;
}

/**
 * The views' depth maps of the budgeted mesh (output units; the atlas will split its vertices, not
 * move them), made on the helper thread if one is ready (else undefined: the bake makes them).
 */
export function depthsAhead(
  views: View[],
  mesh: Pick<Mesh, 'positions' | 'indices'>,
  transform: OutputTransform,
): Promise<Float32Array[]> | undefined {
  return heard(
    callOnHelper<Float32Array[]>({
      module: import.meta.url,
      name: 'sharedProjectorDepths',
      input: { views, mesh: { positions: mesh.positions, indices: mesh.indices }, transform },
    }),
  );
}

/**
 * Per-vertex colours: what the views give, then unseen vertices take the average of their coloured
 * neighbours, layer by layer inwards (the surroundings on the surface, not in the atlas).
 */
function vertexColours(mesh: UvMesh, colourAt: ColourProjector): Float32Array {
  const n = mesh.positions.length / 3;
  // Diffuse over welded positions so that colour crosses UV seams.
  const pid = canonicalVertices(mesh.positions, 0);
  const welded = new Uint32Array(mesh.indices.length);
  for (let i = 0; i < welded.length; i++) welded[i] = pid[mesh.indices[i]];
  const colours = new Float32Array(n * 3);
  const known = new Uint8Array(n);
  // Vertices no view reaches at all take their colour from the surroundings alone.
  const blank = new Uint8Array(n);
  const c = new Float32Array(3);
  const P = mesh.positions,
    N = mesh.normals;
  for (let v = 0; v < n; v++) {
    if (pid[v] !== v) continue;
    const w = colourAt.colour(c, P, v * 3, N, v * 3);
    colours.set(c, v * 3);
    known[v] = w > 1e-3 ? 1 : 0;
    if (w < 0) blank[v] = 1;
  }
  const { offsets, list } = vertexNeighbours(welded, n);
  // Layer by layer (each layer reads only colours known when it starts), visiting only the unknown
  // vertices beside a known one: a full sweep per layer cost O(layers × vertices), ~0.5 s at Medium
  // where a single front view leaves the whole back to fill.
  let frontier = new GrowableUint32(1024);
  for (let v = 0; v < n; v++) {
    if (known[v] || pid[v] !== v) continue;
    for (let j = offsets[v]; j < offsets[v + 1]; j++) {
      if (known[list[j]]) {
        frontier.push(v);
        break;
      }
    }
  }
  // Layer number + 1 at which a vertex was last queued, so each is queued once per layer.
  const queued = new Uint32Array(n);
  for (let layer = 1; frontier.length > 0; layer++) {
    const fresh = frontier;
    for (let f = 0; f < fresh.length; f++) {
      const v = fresh.data[f];
      let r = 0,
        g = 0,
        b = 0,
        k = 0;
      for (let j = offsets[v]; j < offsets[v + 1]; j++) {
        const u = list[j];
        if (!known[u]) continue;
        r += colours[u * 3];
        g += colours[u * 3 + 1];
        b += colours[u * 3 + 2];
        k++;
      }
      // Blend the surroundings with the colour the vertex has through the object (mirrored back).
      const own = blank[v] ? 0 : 0.5;
      colours[v * 3] = own * colours[v * 3] + (1 - own) * (r / k);
      colours[v * 3 + 1] = own * colours[v * 3 + 1] + (1 - own) * (g / k);
      colours[v * 3 + 2] = own * colours[v * 3 + 2] + (1 - own) * (b / k);
    }
    for (let f = 0; f < fresh.length; f++) known[fresh.data[f]] = 1;
    frontier = new GrowableUint32(fresh.length * 2);
    for (let f = 0; f < fresh.length; f++) {
      const v = fresh.data[f];
      for (let j = offsets[v]; j < offsets[v + 1]; j++) {
        const u = list[j];
        if (known[u] || queued[u] === layer) continue;
        queued[u] = layer;
        frontier.push(u);
      }
    }
  }
  for (let v = 0; v < n; v++) {
    const p = pid[v];
    if (p !== v) colours.set(colours.subarray(p * 3, p * 3 + 3), v * 3);
  }
  return colours;
}

/**
 * The fine field's gradient by central differences at every grid point (computed once); the normal
 * map's shading interpolates it trilinearly between grid points so the normals vary smoothly.
 */
function fieldGradient(field: ShapeField, shared = false): Float32Array {
  const { values, dims } = field;
  const [nx, ny, nz] = dims;
  const length = values.length * 3;
  const gradient = shared
    ? new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT))
    : new Float32Array(length);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const o = i + nx * (j + ny * k);
        gradient[o * 3] = values[o + (i < nx - 1 ? 1 : 0)] - values[o - (i > 0 ? 1 : 0)];
        gradient[o * 3 + 1] = values[o + (j < ny - 1 ? nx : 0)] - values[o - (j > 0 ? nx : 0)];
        gradient[o * 3 + 2] = values[o + (k < nz - 1 ? nx * ny : 0)] - values[o - (k > 0 ? nx * ny : 0)];
      }
  return gradient;
}

/** `shade` of the projected base colour: the views' colour, else the diffused vertex colours. */
function projectedColourShade(mesh: Mesh, colourAt: ColourProjector, fallback: Float32Array): BakeLayer['shade'] {
  const I = mesh.indices;
  const c = new Float32Array(3);
  const fb = new Float32Array(3);
  return (out, position, normal, triangle, bary) => {
    const a = I[triangle * 3] * 3,
      b = I[triangle * 3 + 1] * 3,
      d = I[triangle * 3 + 2] * 3;
    for (let k = 0; k < 3; k++)
      fb[k] = fallback[a + k] * bary[0] + fallback[b + k] * bary[1] + fallback[d + k] * bary[2];
    colourAt.colour(c, position, 0, normal, 0, fb);
    out[0] = linearToSrgbByte(c[0]) / 255;
    out[1] = linearToSrgbByte(c[1]) / 255;
    out[2] = linearToSrgbByte(c[2]) / 255;
  };
}

/**
 * `shade` of the tangent-space normal map: the fine field's normal against the mesh's own. The field
 * is sampled inside the shade itself (no helper call with the point's coordinates: a call that is not
 * inlined boxes each floating-point argument, per texel).
 */
function fieldNormalShade(
  mesh: Mesh & { uvs: Float32Array },
  field: ShapeField,
  transform: OutputTransform,
  gradient: Float32Array = fieldGradient(field),
) {
  const tangents = triangleTangents(mesh);
  const { scale, offset } = transform;
  const fine = new Float32Array(3);
  const { origin, spacing } = field;
  const [nx, ny, nz] = field.dims;
  const shade: BakeLayer['shade'] = (out, position, normal, triangle) => {
    fine[0] = normal[0];
    fine[1] = normal[1];
    fine[2] = normal[2];
    // Unit outward normal of the fine surface at the point: the gradient, trilinear between grid
    // points (left as the mesh's normal where the gradient vanishes).
    const x = (position[0] - offset[0]) / scale[0],
      y = (position[1] - offset[1]) / scale[1],
      z = (position[2] - offset[2]) / scale[2];
    const gx = Math.min(nx - 1.001, Math.max(0, (x - origin[0]) / spacing));
    const gy = Math.min(ny - 1.001, Math.max(0, (y - origin[1]) / spacing));
    const gz = Math.min(nz - 1.001, Math.max(0, (z - origin[2]) / spacing));
    const i0 = Math.floor(gx),
      j0 = Math.floor(gy),
      k0 = Math.floor(gz);
    const fx = gx - i0,
      fy = gy - j0,
      fz = gz - k0;
    let dx = 0,
      dy = 0,
      dz = 0;
    for (let c = 0; c < 8; c++) {
      const o = (i0 + (c & 1) + nx * (j0 + ((c >> 1) & 1) + ny * (k0 + ((c >> 2) & 1)))) * 3;
      const w = (c & 1 ? fx : 1 - fx) * ((c >> 1) & 1 ? fy : 1 - fy) * ((c >> 2) & 1 ? fz : 1 - fz);
      dx += w * gradient[o];
      dy += w * gradient[o + 1];
      dz += w * gradient[o + 2];
    }
    const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (l > 0) {
      fine[0] = dx / l;
      fine[1] = dy / l;
      fine[2] = dz / l;
    }
    // Back to output units: normals transform by the inverse scale.
    const mx = fine[0] / scale[0],
      my = fine[1] / scale[1],
      mz = fine[2] / scale[2];
    const ml = Math.sqrt(mx * mx + my * my + mz * mz) || 1;
    fine[0] = mx / ml;
    fine[1] = my / ml;
    fine[2] = mz / ml;
    encodeTangentNormal(out, fine, normal, tangents, triangle);
  };
  return shade;
}

/**
 * The base colour at `size` texels over the mesh's UVs: every texel takes what the views see of its
 * surface point (depth-tested), and what no view sees is filled from the nearest seen colours on the
 * surface. Shared with the texture engine (retexturing an uploaded model).
 */
export function bakeProjectedColour(mesh: UvMesh, size: number, colourAt: ColourProjector): RasterImage {
  return bakeTexture(mesh, {
    size,
    channels: 3,
    shade: projectedColourShade(mesh, colourAt, vertexColours(mesh, colourAt)),
  });
}

/** What both bake threads build the image maps' shading from (structured-cloneable). */
export interface ImageMapShaderInput {
  views: View[];
  transform: OutputTransform;
  /**
   * Per-vertex linear colours for what no view sees (vertexColours, computed once). With a normal map
   * it lives on a SharedArrayBuffer and is filled while the normal map bakes, before the colour's turn.
   */
  fallback: Float32Array;
  /**
   * The fine field, when the normal map is baked (its values left out, empty, when `gradient` is given:
   * the shading reads only the gradient then).
   */
  field?: ShapeField;
  /** `fieldGradient(field)` when made ahead (on a SharedArrayBuffer). */
  gradient?: Float32Array;
  /** The views' depth maps of the mesh when made ahead (`projectorDepths`, on SharedArrayBuffers). */
  depths?: Float32Array[];
}

/**
 * The projector `bakeImageMaps` built for the fallback colours, by the input it hands the bake: this
 * thread's factory call takes it instead of rasterising every view's depth again (the helper thread,
 * given a copy of the input, builds its own). Same views, mesh and transform, so the same projector.
 */
const fallbackProjectors = new WeakMap<ImageMapShaderInput, ColourProjector>();

/**
 * The image engine's bake layers: the normal map first when `field` is given (it reads no fallback
 * colours, so the helper bakes it while this thread computes them), then the base colour.
 */
export const imageMapLayers: BakeShaderFactory<ImageMapShaderInput> = (mesh, input) => {
  const uvMesh = mesh as UvMesh;
  const colourAt =
    fallbackProjectors.get(input) ??
    createColourProjector(input.views, mesh, input.transform, PROJECTOR_DEPTH_SCALE, input.depths);
  const colour: BakeLayer = { channels: 3, shade: projectedColourShade(mesh, colourAt, input.fallback) };
  if (!input.field) return [colour];
  return [{ channels: 3, shade: fieldNormalShade(uvMesh, input.field, input.transform, input.gradient) }, colour];
};

export async function bakeImageMaps(mesh: UvMesh, size: number, options: ImageBakeOptions): Promise<TextureMaps> {
  // The uniform metallic-roughness map goes straight to its PNG on sharp's thread while the maps bake
  // (the same bytes as encoding its pixels, which are never made: 453 MB at 12K).
  const metallicRoughness = encodeUniformPng(size, [
    unitByte(1),
    unitByte(options.roughness),
    unitByte(options.metallic),
  ]);
  // Awaited after the bake: a failure meanwhile must not go unheard.
  metallicRoughness.catch(() => {});
  const withNormalMap = options.normalMap !== false;
  // Made ahead on the helper where it could; a failed or missing one is made here (the same values).
  const [depths, gradient] = await Promise.all([
    options.ahead?.depths?.catch(() => undefined),
    withNormalMap ? options.ahead?.gradient?.catch(() => undefined) : undefined,
  ]);
  const colourAt = createColourProjector(options.views, mesh, options.transform, PROJECTOR_DEPTH_SCALE, depths);
  // With a normal map the fallback colours are computed while it bakes (on the helper, when there is
  // one), into a buffer both threads share; without one they are needed first.
  const fallback = withNormalMap
    ? new Float32Array(new SharedArrayBuffer(mesh.positions.length * Float32Array.BYTES_PER_ELEMENT))
    : vertexColours(mesh, colourAt);
  const input: ImageMapShaderInput = {
    views: options.views,
    transform: options.transform,
    fallback,
    field: withNormalMap ? (gradient ? { ...options.field, values: new Float32Array(0) } : options.field) : undefined,
    gradient,
    depths,
  };
  fallbackProjectors.set(input, colourAt);
  const bakeSize = options.halfSize && size % 2 === 0 ? size / 2 : size;
  const baked = await bakeTiled(
    mesh,
    { module: import.meta.url, name: 'imageMapLayers', input },
    {
      size: bakeSize,
      threads: options.threads,
      logger: options.logger,
      beforeBands: (layer) => {
        if (withNormalMap && layer === 0) fallback.set(vertexColours(mesh, colourAt));
      },
    },
  );
  const resampled = bakeSize === size ? baked : baked.map(upsampleTwice);
  const [baseColor, normal] = withNormalMap ? [resampled[1], resampled[0]] : resampled;
  const maps: TextureMaps = {
    baseColor,
    metallicRoughness: { width: size, height: size, png: await metallicRoughness },
  };
  if (normal) maps.normal = normal;
  return maps;
}

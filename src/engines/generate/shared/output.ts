/**
 * The generation output steps both generate engines share, from a closed solid to the download files:
 * 1. exact face budget (spec.faceBudget, ±1 %) by simplification or midpoint splits;
 * 2. a UV atlas and the engine's texture maps at exactly spec.textureResolution (not for material None);
 * 3. mesh_mode Quad → quad-dominant (after UVs, so quads never span a seam);
 * 4. model files of the requested format and material variants (exportScene: PBR/Shaded/All/None);
 * 5. preview.webp (unless preview_render is false);
 * 6. Extreme-High: a high-poly mesh of HIGH_POLY_FACES (within 5M–10M), `base_basic_highpoly.<ext>`.
 * The engine supplies only the solid, its texturing (`bake`) and optionally how dense vertices settle
 * on a finer surface (`refineHighPoly`).
 */
import type { GenerateSpec } from '../../../domain/task-spec.ts';
import type { EngineFile, ProgressReporter } from '../../engine.ts';
import { exportScene } from '../../output/index.ts';
import {
  createNode,
  type Material,
  type Mesh,
  type RasterImage,
  type Scene,
  type Texture,
} from '../../../geometry/mesh.ts';
import {
  computeNormals,
  generateUvAtlas,
  simplifyToBudget,
  subdivideToCount,
  toQuadDominant,
} from '../../../geometry/ops/index.ts';
import { renderPreview } from '../../../geometry/render/index.ts';
import { textureBytes } from '../../../geometry/texture.ts';
import { silentLogger, type Logger } from '../../../logger.ts';
import { stageTimer } from './stage-timer.ts';

/** Faces of the Extreme-High extra mesh: inside the 5M–10M range, with room for the ±1 split step. */
export const HIGH_POLY_FACES = 6_000_000;

/**
 * Largest maps (edge, texels) whose encodes overlap the high-poly mesh's build. At 12K the three maps'
 * pixels held while the mesh grows lifted a run's peak to 1.97 GB (against 1.70 GB in the plain order,
 * docs/bench-history/speed.md): too near the 2 GB a 12K task may use. With the image engine's uniform
 * map encoded without pixels the 12K overlap peaked at 1.34 GB, but its steps after the bake took longer
 * than the plain order's in three paired runs (pass 6: 9.7 s against 7.5 s at load 6), so 12K stays plain.
 */
export const HIGH_POLY_OVERLAP_MAX_SIZE = 8192;

/** A map given as its PNG, its pixels never held (a uniform map: geometry/texture.ts `encodeUniformPng`). */
export interface EncodedMap {
  width: number;
  height: number;
  png: Uint8Array;
}

export interface TextureMaps {
  /** sRGB base colour, RGB or RGBA, exactly size × size. */
  baseColor: RasterImage;
  /** glTF packing (G = roughness, B = metallic), exactly size × size. */
  metallicRoughness?: RasterImage | EncodedMap;
  /** Tangent-space normal map (glTF: +X along u, +Y towards the image top), exactly size × size. */
  normal?: RasterImage;
}

export type UvMesh = Mesh & { uvs: Float32Array; normals: Float32Array };

export interface GenerationOutputRequest {
  spec: GenerateSpec;
  /** The closed solid, in output units and axes (+Y up, front +Z). */
  mesh: Mesh;
  /**
   * Called with the budgeted mesh before its UV atlas is made (which splits its vertices at seams and
   * keeps its triangles and positions): work the bake will need that can start on another thread meanwhile.
   */
  afterBudget?(mesh: Mesh): void;
  /**
   * The caller holds a spare cpu slot: the face budget and the UV atlas may share work with the bake
   * helper thread (same results).
   */
  helper?: boolean;
  /** Bakes the maps over the final mesh's UVs at `size` texels. Not called for material None. */
  bake(mesh: UvMesh, size: number): Promise<TextureMaps> | TextureMaps;
  /** Material factors used where a map is absent (defaults: metallic 0, roughness 0.6). */
  metallic?: number;
  roughness?: number;
  /** Moves the dense high-poly vertices onto a finer surface (default: midpoint splits as they are). */
  refineHighPoly?(mesh: Mesh): Mesh;
  progress: ProgressReporter;
  signal: AbortSignal;
  logger?: Logger;
  /** Progress range this step reports into (default [40, 100]). */
  span?: [number, number];
  /** Name of the asset's node (default 'asset'). */
  nodeName?: string;
  /** Faces of the Extreme-High extra mesh (default HIGH_POLY_FACES; tests use fewer). */
  highPolyFaces?: number;
  /** Written as the scene's `extras` of every model (a body plan's skeleton, in the mesh's frame). */
  sceneExtras?: Record<string, unknown>;
  /**
   * Extreme-High PBR GLB: build the high-poly mesh while the maps encode (default true; false keeps the
   * plain order, export → preview → high-poly, which tests compare against).
   */
  overlapHighPoly?: boolean;
  /**
   * PBR or All, GLB or USDZ, with a preview and no high-poly mesh: encode the maps while the preview
   * renders (default true; false keeps the plain order, export → preview, which tests compare against).
   */
  overlapPreview?: boolean;
}

export interface GenerationOutputStats {
  faces: number;
  quads: number;
  textureSize: number | null;
  highPolyFaces?: number;
  /** Milliseconds per step. */
  timings: Record<string, number>;
}

export function checkAbort(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The task was cancelled.');
}

/** The byte a map stores for a value in 0..1 (clamped). */
export function unitByte(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 255);
}

function assertSize(name: string, image: RasterImage | EncodedMap | undefined, size: number): void {
  if (image && (image.width !== size || image.height !== size)) {
    throw new Error(`The ${name} map is ${image.width}×${image.height}; the spec asks for exactly ${size}×${size}.`);
  }
}

/** A material texture of a map: its pixels, or the PNG it came as (decoded only if a format needs pixels). */
export function mapTexture(name: string, map: RasterImage | EncodedMap): Texture {
  return 'png' in map ? { name, encoded: { bytes: map.png, mimeType: 'image/png' } } : { name, image: map };
}

/** Drops the decoded pixels of the material's textures that hold encoded bytes (decoded again if asked for). */
function releaseEncodedPixels(material: Material): void {
  for (const texture of [material.baseColorTexture, material.metallicRoughnessTexture, material.normalTexture])
    if (texture?.encoded && texture.image) texture.image = undefined;
}

/**
 * Whether the request's models embed the PBR maps themselves as PNGs, all three encoded at once and
 * cached on the textures (glTF and USDZ, `encodePortableTextures`): the formats whose maps can be encoded
 * ahead. FBX and OBJ rework some maps (a colour factor, split channels), so they encode when they write.
 */
function embedsPbrMaps(spec: GenerateSpec): boolean {
  return (
    (spec.material === 'PBR' || spec.material === 'All') &&
    (spec.geometryFileFormat === 'glb' || spec.geometryFileFormat === 'usdz')
  );
}

function singleGroup(mesh: Mesh): Mesh {
  return { ...mesh, groups: [{ start: 0, count: mesh.indices.length / 3, material: 0 }] };
}

export async function writeGenerationOutputs(
  request: GenerationOutputRequest,
): Promise<{ files: EngineFile[]; stats: GenerationOutputStats; scene: Scene }> {
  const { spec, progress, signal, logger = silentLogger } = request;
  const [from, to] = request.span ?? [40, 100];
  const at = (f: number) => from + (to - from) * f;
  const { timings, lap } = stageTimer();
  const textured = spec.material !== 'None';
  const size = spec.textureResolution;
  const name = request.nodeName ?? 'asset';

  progress('face budget', at(0));
  let mesh = singleGroup(await simplifyToBudget(request.mesh, spec.faceBudget, { logger, helper: request.helper }));
  lap('budget');
  checkAbort(signal);

  let maps: TextureMaps | undefined;
  if (textured) {
    request.afterBudget?.(mesh);
    progress('uv atlas', at(0.1));
    const atlas = computeNormals(
      generateUvAtlas({ ...mesh, normals: undefined, uvs: undefined }, { textureSize: size, helper: request.helper }),
    ) as UvMesh;
    mesh = atlas;
    lap('uv');
    checkAbort(signal);
    progress('texture', at(0.2));
    maps = await request.bake(atlas, size);
    assertSize('base colour', maps.baseColor, size);
    assertSize('metallic-roughness', maps.metallicRoughness, size);
    assertSize('normal', maps.normal, size);
    lap('bake');
    checkAbort(signal);
  } else {
    mesh = computeNormals(mesh);
  }
  if (spec.meshMode === 'Quad') mesh = toQuadDominant(mesh);

  const material: Material = {
    name,
    baseColor: [1, 1, 1, 1],
    metallic: maps?.metallicRoughness ? 1 : (request.metallic ?? 0),
    roughness: maps?.metallicRoughness ? 1 : (request.roughness ?? 0.6),
    baseColorTexture: maps && { name: 'diffuse', image: maps.baseColor },
    metallicRoughnessTexture: maps?.metallicRoughness && mapTexture('metallic_roughness', maps.metallicRoughness),
    normalTexture: maps?.normal && { name: 'normal', image: maps.normal },
  };
  const scene: Scene = { materials: [material], roots: [createNode(name, mesh)], extras: request.sceneExtras };

  const stats: GenerationOutputStats = {
    faces: mesh.indices.length / 3,
    quads: mesh.quads ? mesh.quads.reduce((a, q) => a + q, 0) : 0,
    textureSize: textured ? size : null,
    timings,
  };
  const buildHighPoly = (): Mesh => {
    let dense = subdivideToCount(
      singleGroup({ ...mesh, quads: undefined, normals: undefined }),
      request.highPolyFaces ?? HIGH_POLY_FACES,
    );
    if (request.refineHighPoly) dense = request.refineHighPoly(dense);
    return computeNormals(dense);
  };
  const exportMain = () =>
    exportScene(scene, { format: spec.geometryFileFormat, material: spec.material, logger, shadedTextureSize: size });
  const renderPreviewFile = async (): Promise<EngineFile> => ({
    name: 'preview.webp',
    bytes: await renderPreview(scene),
    contentType: 'image/webp',
  });

  let files: EngineFile[];
  let dense: Mesh | undefined;
  const overlap =
    spec.highPolyMesh &&
    maps !== undefined &&
    size <= HIGH_POLY_OVERLAP_MAX_SIZE &&
    spec.material === 'PBR' &&
    spec.geometryFileFormat === 'glb';
  if (overlap && request.overlapHighPoly !== false) {
    // Extreme-High PBR GLB: the maps' PNGs (all the two GLBs embed of them) encode on sharp's threads
    // while this thread renders the preview and builds the high-poly mesh, instead of before it; each
    // map's pixels go as soon as its bytes are cached (the colour's after the preview, which reads it),
    // so the extra mesh still never shares the peak with three 12K maps. Same bytes, same files.
    progress('export', at(0.55));
    const colour = material.baseColorTexture;
    const encoded = [colour, material.metallicRoughnessTexture, material.normalTexture].map(async (texture) => {
      if (!texture) return;
      await textureBytes(texture, 'image/png');
      if (texture !== colour) texture.image = undefined;
    });
    // Awaited only after the mesh is built: a failure must not go unheard meanwhile.
    for (const encoding of encoded) encoding.catch(() => {});
    let preview: EngineFile | undefined;
    if (spec.previewRender !== false) {
      preview = await renderPreviewFile();
      lap('preview');
    }
    const colourEncoded = encoded[0].then(() => {
      if (colour) colour.image = undefined;
    });
    maps = undefined;
    progress('high-poly mesh', at(0.7));
    dense = buildHighPoly();
    lap('highpoly');
    await Promise.all([...encoded, colourEncoded]);
    checkAbort(signal);
    files = await exportMain();
    if (preview) files.push(preview);
    lap('export');
  } else if (
    request.overlapPreview !== false &&
    spec.previewRender !== false &&
    !spec.highPolyMesh &&
    maps !== undefined &&
    embedsPbrMaps(spec)
  ) {
    // The maps' PNGs (what every format writes of them) encode on sharp's threads while this thread
    // renders the preview, instead of before it; the export then finds them cached. Same bytes, same
    // files in the same order (issue #31 pass 6: text Medium encodes three 2048² maps, ~270 ms). Not
    // with a high-poly mesh: a 12K run (maps past HIGH_POLY_OVERLAP_MAX_SIZE) keeps its plain order and
    // its measured peak.
    progress('export', at(0.55));
    const encoded = [material.baseColorTexture, material.metallicRoughnessTexture, material.normalTexture].map(
      async (texture) => {
        if (texture) await textureBytes(texture, 'image/png');
      },
    );
    // Awaited only after the preview: a failure must not go unheard meanwhile.
    for (const encoding of encoded) encoding.catch(() => {});
    const preview = await renderPreviewFile();
    lap('preview');
    await Promise.all(encoded);
    checkAbort(signal);
    files = await exportMain();
    files.push(preview);
    lap('export');
  } else {
    progress('export', at(0.55));
    files = await exportMain();
    lap('export');
    checkAbort(signal);
    if (spec.previewRender !== false) {
      progress('preview', at(0.7));
      files.push(await renderPreviewFile());
      lap('preview');
    }
  }
  if (spec.highPolyMesh) {
    progress('high-poly mesh', at(0.8));
    // A GLB export cached every map's PNG bytes on its texture, which is all the extra mesh's GLB embeds:
    // dropping the pixels first takes 3 × 453 MB off a 12K run's peak. Formats with maps beside the
    // model (FBX, OBJ) rework the pixels, so they keep them.
    if (spec.geometryFileFormat === 'glb') {
      releaseEncodedPixels(material);
      maps = undefined;
    }
    dense ??= buildHighPoly();
    checkAbort(signal);
    const highScene: Scene = {
      materials: [material],
      roots: [createNode(`${name}_highpoly`, dense)],
      extras: request.sceneExtras,
    };
    const highFiles = await exportScene(highScene, {
      format: spec.geometryFileFormat,
      material: textured ? 'PBR' : 'None',
      logger,
    });
    const taken = new Set(files.map((f) => f.name));
    for (const f of highFiles) {
      // The model gets its own name; its texture files are the same maps the main model wrote.
      const renamed = f.name.replace(/^base_basic(_pbr)?\./, 'base_basic_highpoly.');
      if (!taken.has(renamed)) files.push({ ...f, name: renamed });
    }
    stats.highPolyFaces = dense.indices.length / 3;
    // With the overlap the mesh was built earlier: its time and its export's are one stage.
    const built = timings.highpoly ?? 0;
    lap('highpoly');
    timings.highpoly += built;
  }
  return { files, stats, scene };
}

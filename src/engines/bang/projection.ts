/**
 * Custom-model mode with a reference image and an untextured model: the picture is projected onto the
 * pieces from the front (the camera on +Z looking along −Z, docs/spec/views.md's F view), baked into one texture
 * shared by all pieces over a fresh UV atlas. Cut faces keep the interior material.
 */
import type { Material, MaterialGroup, Mesh, RasterImage } from '../../geometry/mesh.ts';
import { bakeTexture, generateUvAtlas } from '../../geometry/ops/index.ts';

export interface ProjectionOptions {
  /** Texture edge in texels (the request's `resolution`). */
  size: number;
  /** Materials that receive the picture (the input's untextured ones). */
  projectOnto: Set<number>;
  /** Material index the projected surfaces get. */
  projectedMaterial: number;
}

export function referenceMaterial(image: RasterImage): Material {
  return {
    name: 'reference',
    baseColor: [1, 1, 1, 1],
    metallic: 0,
    roughness: 0.7,
    baseColorTexture: { name: 'reference', image },
  };
}

/** The pieces with UVs over one shared atlas and the picture baked into it. */
export function projectImage(
  pieces: Mesh[],
  picture: RasterImage,
  options: ProjectionOptions,
): { pieces: Mesh[]; texture: RasterImage } {
  // One mesh of all pieces, so the atlas and the texture are shared; triangle order is kept.
  let vertexTotal = 0,
    indexTotal = 0;
  for (const piece of pieces) {
    vertexTotal += piece.positions.length / 3;
    indexTotal += piece.indices.length;
  }
  const positions = new Float32Array(vertexTotal * 3);
  const indices = new Uint32Array(indexTotal);
  const groups: MaterialGroup[] = [];
  const triangleStart: number[] = [];
  let vBase = 0,
    iBase = 0;
  for (const piece of pieces) {
    positions.set(piece.positions, vBase * 3);
    for (let i = 0; i < piece.indices.length; i++) indices[iBase + i] = piece.indices[i] + vBase;
    triangleStart.push(iBase / 3);
    for (const g of piece.groups) groups.push({ ...g, start: g.start + iBase / 3 });
    vBase += piece.positions.length / 3;
    iBase += piece.indices.length;
  }
  triangleStart.push(iBase / 3);
  const atlas = generateUvAtlas({ positions, indices, groups }, { textureSize: options.size });

  // Fit the model's front silhouette (x right, y up) inside the picture, centred, aspect kept.
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    minX = Math.min(minX, positions[i]);
    maxX = Math.max(maxX, positions[i]);
    minY = Math.min(minY, positions[i + 1]);
    maxY = Math.max(maxY, positions[i + 1]);
  }
  const unitsPerPixel = Math.max((maxX - minX) / picture.width, (maxY - minY) / picture.height, 1e-12);
  const cx = (minX + maxX) / 2,
    cy = (minY + maxY) / 2;
  const ch = picture.channels;
  const texture = bakeTexture(atlas, {
    size: options.size,
    channels: 4,
    shade(out, position) {
      const px = Math.min(
        picture.width - 1,
        Math.max(0, Math.floor((position[0] - cx) / unitsPerPixel + picture.width / 2)),
      );
      const py = Math.min(
        picture.height - 1,
        Math.max(0, Math.floor((cy - position[1]) / unitsPerPixel + picture.height / 2)),
      );
      const at = (py * picture.width + px) * ch;
      const grey = ch < 3;
      out[0] = picture.data[at] / 255;
      out[1] = picture.data[grey ? at : at + 1] / 255;
      out[2] = picture.data[grey ? at : at + 2] / 255;
      out[3] = 1;
    },
  });

  // Back to one mesh per piece, with the projected material on the picture's surfaces.
  const result = pieces.map((piece, p) => {
    const first = triangleStart[p],
      last = triangleStart[p + 1];
    const remap = new Map<number, number>();
    const pieceIndices = new Uint32Array((last - first) * 3);
    for (let i = 0; i < pieceIndices.length; i++) {
      const v = atlas.indices[first * 3 + i];
      let local = remap.get(v);
      if (local === undefined) remap.set(v, (local = remap.size));
      pieceIndices[i] = local;
    }
    const piecePositions = new Float32Array(remap.size * 3);
    const pieceUvs = new Float32Array(remap.size * 2);
    for (const [v, local] of remap) {
      piecePositions.set(atlas.positions.subarray(3 * v, 3 * v + 3), 3 * local);
      pieceUvs.set(atlas.uvs.subarray(2 * v, 2 * v + 2), 2 * local);
    }
    const pieceGroups = piece.groups.map((g) => ({
      ...g,
      material: options.projectOnto.has(g.material) ? options.projectedMaterial : g.material,
    }));
    return {
      positions: piecePositions,
      indices: pieceIndices,
      uvs: pieceUvs,
      groups: pieceGroups,
      normals: undefined,
    } as Mesh;
  });
  return { pieces: result, texture };
}

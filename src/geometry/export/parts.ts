/**
 * A scene of pieces: one node per piece, named by the caller (Bang's `part_01` … rule lives in
 * src/engines/output/piece-names.ts), each with its pivot at the piece's centroid — the piece's vertices are moved
 * so the centroid is their origin and the centroid becomes the node's translation, so the world-space
 * geometry is unchanged while each piece can be moved, rotated or exploded about its own centre.
 */
import type { Material, Mesh, Scene } from '../mesh.ts';
import { createNode } from '../mesh.ts';
import { edgeReport } from '../ops/index.ts';

/**
 * Centre of mass of the solid a closed piece encloses (signed tetrahedra); for open or flat pieces,
 * whose enclosed volume is meaningless, the area-weighted centre of the surface.
 */
export function pieceCentroid(mesh: Mesh): [number, number, number] {
  const p = mesh.positions;
  const I = mesh.indices;
  let volume = 0,
    vx = 0,
    vy = 0,
    vz = 0;
  let area = 0,
    ax = 0,
    ay = 0,
    az = 0;
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    minX = Math.min(minX, p[i]);
    maxX = Math.max(maxX, p[i]);
    minY = Math.min(minY, p[i + 1]);
    maxY = Math.max(maxY, p[i + 1]);
    minZ = Math.min(minZ, p[i + 2]);
    maxZ = Math.max(maxZ, p[i + 2]);
  }
  if (p.length === 0) return [0, 0, 0];
  // Relative to the box centre: keeps the sums well conditioned far from the origin.
  const ox = (minX + maxX) / 2,
    oy = (minY + maxY) / 2,
    oz = (minZ + maxZ) / 2;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t] * 3,
      b = I[t + 1] * 3,
      c = I[t + 2] * 3;
    const x0 = p[a] - ox,
      y0 = p[a + 1] - oy,
      z0 = p[a + 2] - oz;
    const x1 = p[b] - ox,
      y1 = p[b + 1] - oy,
      z1 = p[b + 2] - oz;
    const x2 = p[c] - ox,
      y2 = p[c + 1] - oy,
      z2 = p[c + 2] - oz;
    const v = (x0 * (y1 * z2 - z1 * y2) - y0 * (x1 * z2 - z1 * x2) + z0 * (x1 * y2 - y1 * x2)) / 6;
    volume += v;
    vx += (v * (x0 + x1 + x2)) / 4;
    vy += (v * (y0 + y1 + y2)) / 4;
    vz += (v * (z0 + z1 + z2)) / 4;
    const ux = x1 - x0,
      uy = y1 - y0,
      uz = z1 - z0;
    const wx = x2 - x0,
      wy = y2 - y0,
      wz = z2 - z0;
    const s = Math.hypot(uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx) / 2;
    area += s;
    ax += (s * (x0 + x1 + x2)) / 3;
    ay += (s * (y0 + y1 + y2)) / 3;
    az += (s * (z0 + z1 + z2)) / 3;
  }
  const boxVolume = Math.max(maxX - minX, 1e-30) * Math.max(maxY - minY, 1e-30) * Math.max(maxZ - minZ, 1e-30);
  const closed = edgeReport(mesh).boundaryEdges === 0;
  if (closed && Math.abs(volume) > 1e-6 * boxVolume) {
    return [ox + vx / volume, oy + vy / volume, oz + vz / volume];
  }
  if (area > 0) return [ox + ax / area, oy + ay / area, oz + az / area];
  return [ox, oy, oz];
}

/** Names the node of piece `index` of `count`. */
export type PieceNamer = (index: number, count: number) => string;

/** A scene of one root node per piece, pivots at centroids; meshes are copied, never mutated. */
export function scenePartsFromMeshes(meshes: Mesh[], materials: Material[], nameOf: PieceNamer): Scene {
  const roots = meshes.map((mesh, i) => {
    const centre = pieceCentroid(mesh);
    const positions = new Float32Array(mesh.positions.length);
    for (let k = 0; k < positions.length; k += 3) {
      positions[k] = mesh.positions[k] - centre[0];
      positions[k + 1] = mesh.positions[k + 1] - centre[1];
      positions[k + 2] = mesh.positions[k + 2] - centre[2];
    }
    const node = createNode(nameOf(i, meshes.length), { ...mesh, positions });
    node.translation = centre;
    return node;
  });
  return { materials, roots };
}

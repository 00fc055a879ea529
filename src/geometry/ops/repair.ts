/**
 * Turning an arbitrary mesh into a closed solid. Cheap topological repairs first (weld, degenerate and
 * duplicate faces, orientation, small holes), keeping UVs and materials; manifold-3d validates the
 * result and unions overlapping shells; anything still broken is rebuilt from a voxel field.
 */
import type { Mesh } from '../mesh.ts';
import { meshBounds } from '../mesh.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { fillHoles, orientConsistently, removeDuplicateFaces, type Topology } from './clean.ts';
import { edgeReport, isWatertight, meshVolume, surfaceArea } from './measure.ts';
import { simplifyToBudget } from './simplify.ts';
import { compactVertices, groupsFromMaterials, orderByMaterial, triangleMaterials } from './mesh-utils.ts';
import { manifoldModule } from './manifold.ts';
import { computeNormals } from './normals.ts';
import { voxelRebuild } from './voxel-rebuild.ts';
import { separatePinchedVertices } from './pinch.ts';
import { canonicalVertices, weld, WELD_DEFAULTS } from './weld.ts';

export interface RepairOptions {
  /** Vertices closer than this merge. Default `WELD_DEFAULTS.relativeTolerance` (1e-6) × the bounding-box diagonal. */
  weldTolerance?: number;
  /** Holes bounded by at most this many edges are closed with a fan. Default 64. */
  maxHoleEdges?: number;
  /**
   * 'auto' (default): rebuild only when the mesh is not a valid manifold after the cheap repairs.
   * 'always': rebuild anyway (resolves self-intersections the topological checks cannot see).
   * 'never': return the cleaned mesh even if it is still open (the report says so).
   */
  rebuild?: 'auto' | 'always' | 'never';
  /** Grid cells along the longest side for the voxel rebuild. Default 128. */
  resolution?: number;
  /**
   * A rebuilt surface (marching tetrahedra makes many small triangles) is simplified to at most this
   * many faces, if it stays closed. Default: twice the input's triangles, at least 20 000.
   */
  rebuildFaces?: number;
  /** Union closed shells whose bounding boxes overlap (manifold-3d), so nested or crossing parts become one solid. Default true. */
  unionOverlaps?: boolean;
  logger?: Logger;
}

export interface MeshState {
  triangles: number;
  vertices: number;
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  volume: number;
}

export interface RepairReport {
  /** What was done, in order, in words. */
  steps: string[];
  before: MeshState;
  after: MeshState;
  weldedVertices: number;
  removedDegenerate: number;
  removedDuplicates: number;
  flippedTriangles: number;
  filledHoles: number;
  unfilledHoles: number;
  unionedShells: number;
  rebuilt: boolean;
  /** Grid resolution of the rebuild, when there was one. */
  rebuildResolution?: number;
}

function state(mesh: Mesh): MeshState {
  return inspect(mesh).state;
}

/**
 * The mesh's state, and whether it is closed by position: the answer `isWatertight(mesh)` gives (every
 * position edge used once each way, nothing degenerate) when the mesh has triangles, which the end of
 * the repair asks again of the same mesh.
 */
function inspect(mesh: Mesh): { state: MeshState; closedByPosition: boolean } {
  const r = edgeReport(mesh);
  // Closed either by position (UV seams split vertices) or by index (manifold-3d may keep two vertices
  // at one point where shells touch; the surface is still a closed 2-manifold).
  const closedByPosition = r.boundaryEdges === 0 && r.badEdges === 0 && r.degenerateTriangles === 0;
  const closed = closedByPosition || isWatertight(mesh, { byPosition: false });
  const state = {
    triangles: mesh.indices.length / 3,
    vertices: mesh.positions.length / 3,
    watertight: closed && mesh.indices.length > 0,
    boundaryEdges: r.boundaryEdges,
    nonManifoldEdges: r.badEdges,
    volume: meshVolume(mesh),
  };
  return { state, closedByPosition: closedByPosition && mesh.indices.length > 0 };
}

/**
 * A closed, outward-wound solid made from `mesh`, and a report of the repairs. UVs and material groups
 * are kept unless the mesh had to be rebuilt (then it is one group with the most used material, no UVs).
 */
export async function repairToSolid(
  mesh: Mesh,
  options: RepairOptions = {},
): Promise<{ mesh: Mesh; report: RepairReport }> {
  const { maxHoleEdges = 64, rebuild = 'auto', unionOverlaps = true, logger = silentLogger } = options;
  for (let i = 0; i < mesh.positions.length; i++) {
    if (!Number.isFinite(mesh.positions[i]))
      throw new RangeError('repairToSolid: the mesh has non-finite vertex positions.');
  }
  const before = state(mesh);
  const steps: string[] = [];
  const bounds = meshBounds(mesh);
  const diagonal = Math.hypot(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const tolerance = options.weldTolerance ?? diagonal * WELD_DEFAULTS.relativeTolerance;

  // 1. Weld, keeping UV seams; snap seam vertices onto one position so topology sees them as one.
  const welded = weld(mesh, { tolerance, keepSeams: true, removeDegenerate: false });
  const used = new Uint8Array(mesh.positions.length / 3);
  for (let i = 0; i < mesh.indices.length; i++) used[mesh.indices[i]] = 1;
  const usedCount = used.reduce((s, u) => s + u, 0);
  const weldedVertices = usedCount - welded.positions.length / 3;
  if (weldedVertices > 0)
    steps.push(`welded ${weldedVertices} duplicate vertices (tolerance ${tolerance.toExponential(2)})`);
  if (usedCount < used.length) steps.push(`dropped ${used.length - usedCount} vertices no triangle uses`);
  const positionRep = canonicalVertices(welded.positions, tolerance);
  const positions = welded.positions.slice();
  for (let v = 0; v < positionRep.length; v++)
    for (let k = 0; k < 3; k++) positions[v * 3 + k] = welded.positions[positionRep[v] * 3 + k];

  // 2. Degenerate faces (two corners on one position).
  const materials = triangleMaterials(welded);
  const corners = welded.indices;
  const faces = corners.length / 3;
  let kept = 0;
  const pidList = new Uint32Array(faces * 3),
    cornerList = new Uint32Array(faces * 3),
    matList = new Uint32Array(faces);
  for (let t = 0; t < faces; t++) {
    const a = positionRep[corners[t * 3]],
      b = positionRep[corners[t * 3 + 1]],
      c = positionRep[corners[t * 3 + 2]];
    if (a === b || b === c || a === c) continue;
    pidList.set([a, b, c], kept * 3);
    cornerList.set(corners.subarray(t * 3, t * 3 + 3), kept * 3);
    matList[kept++] = materials[t];
  }
  const removedDegenerate = faces - kept;
  if (removedDegenerate > 0) steps.push(`removed ${removedDegenerate} degenerate triangles`);
  let topo: Topology = {
    pid: pidList.slice(0, kept * 3),
    corners: cornerList.slice(0, kept * 3),
    materials: matList.slice(0, kept),
  };

  // 3. Duplicate faces.
  const dedup = removeDuplicateFaces(topo);
  topo = dedup.topo;
  if (dedup.removed > 0) steps.push(`removed ${dedup.removed} duplicate triangles`);

  // 4. Orientation.
  const flippedTriangles = orientConsistently(topo, positions);
  if (flippedTriangles > 0) steps.push(`flipped ${flippedTriangles} triangles to wind outwards consistently`);

  // 5. Small holes.
  const holes = fillHoles(topo, positions, positions.length / 3, maxHoleEdges);
  topo = holes.topo;
  if (holes.filled > 0) steps.push(`filled ${holes.filled} holes of up to ${maxHoleEdges} edges`);
  if (holes.unfilled > 0) steps.push(`${holes.unfilled} holes too large to fill`);

  let cleaned = assemble(welded, positions, topo, holes.added);
  // Kept for the end: when no later step replaces this mesh, its checks there are these.
  const assembled = cleaned;
  const inspection = inspect(assembled);
  let current = inspection.state;
  let unionedShells = 0;
  let rebuilt = false;
  let rebuildResolution: number | undefined;

  // A closed surface around nothing (a filled sheet, two faces back to back) is no solid.
  if (
    current.watertight &&
    cleaned.indices.length > 0 &&
    Math.abs(current.volume) <= 1e-4 * surfaceArea(cleaned) ** 1.5
  ) {
    steps.push('the closed surface encloses no volume');
    current = { ...current, watertight: false };
  }
  if (current.watertight && rebuild !== 'always') {
    const checked = await validateAndUnion(cleaned, unionOverlaps);
    if (checked.valid) {
      steps.push('manifold-3d accepts the mesh as a closed manifold');
      if (checked.unioned) {
        cleaned = checked.unioned.mesh;
        unionedShells = checked.unioned.shells;
        steps.push(`united ${unionedShells} overlapping shells into one solid`);
      }
    } else {
      steps.push(`manifold-3d rejects the mesh (${checked.status})`);
      current = { ...current, watertight: false };
    }
  }
  let result = cleaned;
  if ((!current.watertight && rebuild !== 'never') || rebuild === 'always') {
    const voxel = voxelRebuild(cleaned.indices.length > 0 ? cleaned : mesh, { resolution: options.resolution });
    rebuilt = true;
    rebuildResolution = voxel.resolution;
    const counts = new Map<number, number>();
    for (const g of mesh.groups) counts.set(g.material, (counts.get(g.material) ?? 0) + g.count);
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    result = { ...voxel.mesh, groups: [{ start: 0, count: voxel.mesh.indices.length / 3, material: main }] };
    steps.push(
      `rebuilt from a ${voxel.resolution}-cell voxel field (cell ${voxel.cell.toExponential(2)})` +
        (voxel.thickened ? ', thickening an open sheet into a thin solid' : ''),
    );
    const maxFaces = options.rebuildFaces ?? Math.max(20000, 2 * before.triangles);
    const rebuiltFaces = result.indices.length / 3;
    if (rebuiltFaces > maxFaces) {
      const lighter = await simplifyToBudget(result, maxFaces, { logger });
      if (isWatertight(lighter)) {
        result = computeNormals(lighter);
        steps.push(`simplified the rebuilt surface from ${rebuiltFaces} to ${lighter.indices.length / 3} triangles`);
      }
    }
  }
  const closedByPosition = () => (result === assembled ? inspection.closedByPosition : isWatertight(result));
  if (!rebuilt && !closedByPosition() && isWatertight(result, { byPosition: false })) {
    const separated = separatePinchedVertices(result);
    if (isWatertight(separated.mesh)) {
      result = separated.mesh;
      steps.push(`separated ${separated.moved} pinched vertices where shells touch`);
    }
  }
  const after = result === assembled ? inspection.state : state(result);
  logger.debug({ steps, before, after }, 'repairToSolid');
  return {
    mesh: result,
    report: {
      steps,
      before,
      after,
      weldedVertices,
      removedDegenerate,
      removedDuplicates: dedup.removed,
      flippedTriangles,
      filledHoles: holes.filled,
      unfilledHoles: holes.unfilled,
      unionedShells,
      rebuilt,
      ...(rebuildResolution ? { rebuildResolution } : {}),
    },
  };
}

/** Mesh from the cleaned topology: new hole-centre vertices appended, triangles grouped by material. */
function assemble(
  source: Mesh,
  positions: Float32Array,
  topo: Topology,
  added: { position: number[]; from: number[] }[],
): Mesh {
  const base = positions.length / 3;
  const total = base + added.length;
  const outPositions = new Float32Array(total * 3);
  outPositions.set(positions);
  const uvs = source.uvs ? new Float32Array(total * 2) : undefined;
  if (uvs) uvs.set(source.uvs!);
  added.forEach((a, i) => {
    outPositions.set(a.position, (base + i) * 3);
    if (uvs) {
      for (const f of a.from) {
        uvs[(base + i) * 2] += source.uvs![f * 2] / a.from.length;
        uvs[(base + i) * 2 + 1] += source.uvs![f * 2 + 1] / a.from.length;
      }
    }
  });
  const order = orderByMaterial(topo.materials);
  const indices = new Uint32Array(topo.corners.length);
  const mats = new Uint32Array(order.length);
  order.forEach((t, i) => {
    indices.set(topo.corners.subarray(t * 3, t * 3 + 3), i * 3);
    mats[i] = topo.materials[t];
  });
  const mesh = compactVertices({
    positions: outPositions,
    indices,
    groups: groupsFromMaterials(mats),
    ...(uvs ? { uvs } : {}),
  });
  return computeNormals(mesh, { smoothAcrossSeams: true });
}

interface Validation {
  valid: boolean;
  status: string;
  unioned?: { mesh: Mesh; shells: number };
}

/**
 * manifold-3d's own check (it refuses anything not a closed 2-manifold), and a union of shells whose
 * boxes overlap. Properties carry UVs through the union; faceID maps triangles back to materials.
 */
async function validateAndUnion(mesh: Mesh, unionOverlaps: boolean): Promise<Validation> {
  const wasm = await manifoldModule();
  const vertexCount = mesh.positions.length / 3;
  const numProp = mesh.uvs ? 5 : 3;
  const props = new Float32Array(vertexCount * numProp);
  for (let v = 0; v < vertexCount; v++) {
    props.set(mesh.positions.subarray(v * 3, v * 3 + 3), v * numProp);
    if (mesh.uvs) props.set(mesh.uvs.subarray(v * 2, v * 2 + 2), v * numProp + 3);
  }
  // Seam vertices merge onto their first twin by position, which is how manifold-3d sees one vertex.
  const rep = canonicalVertices(mesh.positions, 0);
  const from: number[] = [],
    to: number[] = [];
  for (let v = 0; v < vertexCount; v++) if (rep[v] !== v) from.push(v), to.push(rep[v]);
  const faceID = Uint32Array.from({ length: mesh.indices.length / 3 }, (_, t) => t);
  const glMesh = new wasm.Mesh({
    numProp,
    vertProperties: props,
    triVerts: mesh.indices,
    mergeFromVert: new Uint32Array(from),
    mergeToVert: new Uint32Array(to),
    faceID,
  });
  const solid = new wasm.Manifold(glMesh);
  const owned: { delete(): void }[] = [solid];
  try {
    const status = solid.status();
    if (status !== 'NoError') return { valid: false, status };
    if (!unionOverlaps) return { valid: true, status };
    const shells = solid.decompose();
    owned.push(...shells);
    if (shells.length < 2) return { valid: true, status };
    const boxes = shells.map((s) => s.boundingBox());
    let overlapping = false;
    for (let i = 0; i < boxes.length && !overlapping; i++)
      for (let j = i + 1; j < boxes.length && !overlapping; j++)
        overlapping = [0, 1, 2].every((k) => boxes[i].min[k] < boxes[j].max[k] && boxes[j].min[k] < boxes[i].max[k]);
    if (!overlapping) return { valid: true, status };
    const union = wasm.Manifold.union(shells);
    owned.push(union);
    const out = union.getMesh();
    const materials = triangleMaterials(mesh);
    const n = out.vertProperties.length / out.numProp;
    const positions = new Float32Array(n * 3);
    const uvs = mesh.uvs ? new Float32Array(n * 2) : undefined;
    for (let v = 0; v < n; v++) {
      positions.set(out.vertProperties.subarray(v * out.numProp, v * out.numProp + 3), v * 3);
      if (uvs) uvs.set(out.vertProperties.subarray(v * out.numProp + 3, v * out.numProp + 5), v * 2);
    }
    const triMaterials = Uint32Array.from(out.faceID, (f) => materials[f] ?? 0);
    const order = orderByMaterial(triMaterials);
    const indices = new Uint32Array(out.triVerts.length);
    order.forEach((t, i) => {
      indices.set(out.triVerts.subarray(t * 3, t * 3 + 3), i * 3);
    });
    const sortedMats = Uint32Array.from(order, (t) => triMaterials[t]);
    const united = computeNormals(
      { positions, indices, groups: groupsFromMaterials(sortedMats), ...(uvs ? { uvs } : {}) },
      { smoothAcrossSeams: true },
    );
    return { valid: true, status, unioned: { mesh: united, shells: shells.length } };
  } finally {
    for (const o of owned) o.delete();
  }
}

/**
 * Geometry operations the engines stand on. All functions take and return `Mesh` values from
 * `../mesh.ts` (CCW-outward winding, glTF UVs with v down) and never mutate their input.
 *
 * Synchronous: weld, computeNormals, meshVolume, isWatertight, flattenScene, meshFromGrid, bakeTexture,
 * toQuadDominant, generateUvAtlas, voxelRebuild. Asynchronous (they wait for a WASM module once):
 * simplifyToBudget (meshoptimizer), repairToSolid (manifold-3d).
 *
 * Typical engine pipeline: meshFromGrid (field < iso is inside) → repairToSolid when the source is a
 * user mesh → simplifyToBudget(faces) → toQuadDominant (quad mesh mode) → generateUvAtlas({ textureSize,
 * padding }) → bakeTexture({ size: textureSize, padding, shade }) with the same size and padding.
 */
export { computeNormals, faceNormals, type ComputeNormalsOptions } from './normals.ts';
export { weld, canonicalVertices, WELD_DEFAULTS, type WeldOptions } from './weld.ts';
export { snapSeamsClosed, SEAM_SNAP_DEFAULTS, type SeamSnap } from './seam-snap.ts';
export { meshVolume, surfaceArea, isWatertight, edgeReport, type EdgeReport } from './measure.ts';
export { flattenScene, meshInstances } from './flatten.ts';
export { meshFromGrid, type MeshFromGridOptions } from './mesh-from-grid.ts';
export { bakeTexture, type BakeOptions } from './bake.ts';
export { compactVertices, triangleMaterials, groupsFromMaterials } from './mesh-utils.ts';
export { simplifyToBudget, type SimplifyOptions } from './simplify.ts';
export { subdivideToCount } from './subdivide.ts';
export { separatePinchedVertices, type SeparatePinchesOptions } from './pinch.ts';
export { repairToSolid, type RepairOptions, type RepairReport, type MeshState } from './repair.ts';
export { voxelRebuild, type VoxelRebuildOptions } from './voxel-rebuild.ts';
export { toQuadDominant, quadStats, type QuadOptions } from './quads.ts';
export { generateUvAtlas, type UvAtlasOptions } from './uv-atlas.ts';
export { packCharts, type ChartRect, type Packing } from './chart-pack.ts';

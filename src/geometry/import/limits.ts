/** Size limits for uploaded models, checked before parsing where the file declares its counts and again after. */
export interface ImportLimits {
  /** Largest accepted file in bytes. Default 256 MiB. */
  maxBytes: number;
  /** Most triangles after triangulation, summed over the scene's distinct meshes (an instanced mesh counts once). Default 10,000,000. */
  maxTriangles: number;
  /** Most vertices, summed like maxTriangles. Default 10,000,000. */
  maxVertices: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxTriangles: 10_000_000,
  maxVertices: 10_000_000,
};

export function resolveLimits(limits: Partial<ImportLimits> = {}): ImportLimits {
  return { ...DEFAULT_IMPORT_LIMITS, ...limits };
}

/**
 * Most bytes a reader may expand compressed data to (FBX zlib arrays, usdc LZ4 blocks): generous for a
 * model inside the limits (positions, normals, uvs, indices and per-corner data of every vertex and
 * triangle) but far below what a decompression bomb would claim.
 */
export function maxExpandedBytes(limits: ImportLimits): number {
  return 128 * (limits.maxTriangles + limits.maxVertices) + limits.maxBytes * 4;
}

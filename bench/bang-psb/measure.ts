/**
 * One measurement of one psb-dev mesh: segment or split it at its reference count (or a given count)
 * and score it. Runs in the bench's worker processes (worker.ts) or inline.
 */
import { readFileSync } from 'node:fs';
import { parseOff } from '../../src/geometry/import/off.ts';
import { buildSurfaceGraph, type SurfaceGraph } from '../../src/engines/bang/surface-graph.ts';
import { logThickness } from '../../src/engines/bang/thickness.ts';
import { agglomerate, labelsAtCount, type AgglomerateOptions } from '../../src/engines/bang/agglomerate.ts';
import { splitMesh } from '../../src/engines/bang/split-mesh.ts';
import { isWatertight } from '../../src/geometry/ops/index.ts';
import { DATA, scoreAgainstHumans } from './psb.ts';

export interface MeasureJob {
  id: number;
  count: number;
  /** Surface segmentation only (no solid cuts). */
  surface: boolean;
  /** Score against the humans (false for the strength-5 timing pass). */
  score: boolean;
  segmentation?: AgglomerateOptions;
  /**
   * Split with the surface this process has cached for the mesh (its thickness is then not measured
   * again): for fits that split every mesh many times. Its time then excludes the thickness, so the
   * timing benches leave it off.
   */
  reuseSurface?: boolean;
}

export interface Measurement {
  id: number;
  count: number;
  faces: number;
  ms: number;
  error?: number;
  pieces?: number;
  treeSplits?: number;
  fallbackSplits?: number;
  volumeError?: number;
  /** Pieces that are not closed when read by position (every edge shared by exactly two triangles). */
  openPieces?: number;
}

/**
 * Surface graphs and thickness fields of the meshes this process has segmented, keyed by the mesh's
 * file: they depend on the mesh alone (the thickness is measured with its defaults), not on the
 * segmentation's weights, so a fit that segments every mesh under many weights builds each once.
 * Timings of the surface pass therefore exclude them after a mesh's first job.
 */
const surfaces = new Map<string, { graph: SurfaceGraph; thickness: Float64Array }>();
function surfaceOf(file: string, mesh: { positions: Float32Array; indices: Uint32Array }) {
  let entry = surfaces.get(file);
  if (!entry) {
    const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
    entry = { graph, thickness: logThickness(graph) };
    surfaces.set(file, entry);
  }
  return entry;
}

export async function measure(job: MeasureJob): Promise<Measurement> {
  const file = `${DATA}off/${job.id}.off`;
  const mesh = parseOff(readFileSync(file, 'utf8'));
  const faces = mesh.indices.length / 3;
  const t0 = performance.now();
  let labels: Int32Array;
  const out: Measurement = { id: job.id, count: job.count, faces, ms: 0 };
  if (job.surface) {
    const { graph, thickness } = surfaceOf(file, mesh);
    labels = labelsAtCount(agglomerate(graph, { ...job.segmentation, logThickness: thickness }), job.count);
    out.ms = performance.now() - t0;
  } else {
    const segmentation = job.reuseSurface
      ? { ...job.segmentation, logThickness: surfaceOf(file, mesh).thickness }
      : job.segmentation;
    const result = await splitMesh(mesh, { count: job.count, segmentation });
    out.ms = performance.now() - t0;
    labels = result.faceLabels;
    const volume = result.volumes.reduce((a, v) => a + v, 0);
    out.pieces = result.pieces.length;
    out.treeSplits = result.treeSplits;
    out.fallbackSplits = result.fallbackSplits;
    out.volumeError = Math.abs(volume / result.inputVolume - 1);
    out.openPieces = result.pieces.filter((piece) => !isWatertight(piece, { byPosition: true })).length;
  }
  if (job.score) out.error = scoreAgainstHumans(job.id, labels);
  return out;
}

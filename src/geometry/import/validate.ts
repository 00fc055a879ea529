/**
 * The checks every imported scene passes, whatever its format: finite coordinates, valid indices and
 * groups, at least one triangle, and the size limits.
 */
import { GeometryInputError } from '../errors.ts';
import type { Mesh, Scene, SceneNode } from '../mesh.ts';
import type { ImportLimits } from './limits.ts';

export function validateScene(scene: Scene, limits: ImportLimits, label: string): Scene {
  let triangles = 0;
  let vertices = 0;
  const seen = new Set<Mesh>();
  const visit = (node: SceneNode): void => {
    for (const v of [...node.translation, ...node.rotation, ...node.scale]) {
      if (!Number.isFinite(v)) {
        throw new GeometryInputError(
          'non-finite',
          `Node "${node.name}" of the ${label} file has a transform that is not a finite number; fix or reset its transform.`,
        );
      }
    }
    if (node.mesh && !seen.has(node.mesh)) {
      seen.add(node.mesh);
      checkMesh(node.mesh, scene.materials.length, label, node.name);
      triangles += node.mesh.indices.length / 3;
      vertices += node.mesh.positions.length / 3;
      checkCounts(triangles, vertices, limits, label);
    }
    node.children.forEach(visit);
  };
  scene.roots.forEach(visit);
  if (triangles === 0) {
    throw new GeometryInputError(
      'empty',
      `The ${label} file contains no triangles (points, lines or an empty scene); send a model with polygon faces.`,
    );
  }
  return scene;
}

export function checkCounts(triangles: number, vertices: number, limits: ImportLimits, label: string): void {
  if (triangles > limits.maxTriangles) {
    throw new GeometryInputError(
      'too-large',
      `The ${label} file has ${triangles} triangles or more; the limit is ${limits.maxTriangles}. Decimate the model and upload it again.`,
      { limit: limits.maxTriangles },
    );
  }
  if (vertices > limits.maxVertices) {
    throw new GeometryInputError(
      'too-large',
      `The ${label} file has ${vertices} vertices or more; the limit is ${limits.maxVertices}. Decimate the model and upload it again.`,
      { limit: limits.maxVertices },
    );
  }
}

function checkMesh(mesh: Mesh, materialCount: number, label: string, nodeName: string): void {
  const p = mesh.positions;
  for (let i = 0; i < p.length; i++) {
    if (!Number.isFinite(p[i])) {
      throw new GeometryInputError(
        'non-finite',
        `Mesh "${nodeName}" of the ${label} file has vertex coordinates that are not finite numbers (NaN or infinity); clean the mesh and export it again.`,
      );
    }
  }
  // Texture coordinates feed the same geometry kernels as positions (manifold refuses any non-finite
  // vertex property): a bad `vt` is the file's fault and must be refused here, not crash a worker.
  const uvs = mesh.uvs;
  if (uvs) {
    for (let i = 0; i < uvs.length; i++) {
      if (!Number.isFinite(uvs[i])) {
        throw new GeometryInputError(
          'non-finite',
          `Mesh "${nodeName}" of the ${label} file has texture coordinates that are not finite numbers (NaN or infinity); fix its UVs and export it again.`,
        );
      }
    }
  }
  const vertexCount = p.length / 3;
  const idx = mesh.indices;
  for (let i = 0; i < idx.length; i++) {
    if (idx[i] >= vertexCount) {
      throw new GeometryInputError(
        'malformed',
        `Mesh "${nodeName}" of the ${label} file refers to vertices that do not exist; export it again.`,
      );
    }
  }
  for (const [name, array, size] of [
    ['normals', mesh.normals, 3],
    ['uvs', mesh.uvs, 2],
  ] as const) {
    if (array && array.length !== vertexCount * size) {
      throw new GeometryInputError(
        'malformed',
        `Mesh "${nodeName}" of the ${label} file has ${name} that do not match its vertices; export it again.`,
      );
    }
  }
  const triangles = idx.length / 3;
  let covered = 0;
  for (const group of mesh.groups) {
    if (group.material < 0 || group.material >= materialCount || group.start !== covered) {
      throw new GeometryInputError(
        'malformed',
        `Mesh "${nodeName}" of the ${label} file has inconsistent material assignments; export it again.`,
      );
    }
    covered += group.count;
  }
  if (covered !== triangles) {
    throw new GeometryInputError(
      'malformed',
      `Mesh "${nodeName}" of the ${label} file has inconsistent material assignments; export it again.`,
    );
  }
}

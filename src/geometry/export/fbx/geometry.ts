/**
 * An FBX `Geometry` record for one mesh: control points, polygons (real quads where the mesh marks
 * them; the last corner of each polygon stored as its one's complement), per-vertex normals, UVs
 * (v flipped: FBX's v grows upwards) and per-polygon material slots.
 */
import type { Mesh } from '../../mesh.ts';
import { polygonsOf } from '../polygons.ts';
import { doubles, fbxNode, int, ints, long, objectName, str, type FbxNode } from './binary.ts';

export interface FbxGeometry {
  node: FbxNode;
  quadCount: number;
}

/** `slots` maps a scene material index to the model's material slot (absent: no material layer). */
export function geometryRecord(id: bigint, name: string, mesh: Mesh, slots?: Map<number, number>): FbxGeometry {
  const polygons = polygonsOf(mesh);
  const vertices = Float64Array.from(mesh.positions);
  const corners = polygons.corners;
  const polygonVertexIndex = new Int32Array(corners.length);
  let cursor = 0;
  for (let f = 0; f < polygons.faceCount; f++) {
    const size = polygons.faceSizes[f];
    for (let j = 0; j < size; j++) polygonVertexIndex[cursor + j] = corners[cursor + j];
    polygonVertexIndex[cursor + size - 1] = ~corners[cursor + size - 1];
    cursor += size;
  }
  const children: FbxNode[] = [
    fbxNode('Properties70'),
    fbxNode('GeometryVersion', [int(124)]),
    fbxNode('Vertices', [doubles(vertices)]),
    fbxNode('PolygonVertexIndex', [ints(polygonVertexIndex)]),
  ];
  const layer: FbxNode[] = [fbxNode('Version', [int(100)])];
  const layerElement = (type: string) =>
    fbxNode('LayerElement', [], [fbxNode('Type', [str(type)]), fbxNode('TypedIndex', [int(0)])]);

  if (mesh.normals) {
    // Per control point (ByVertice), the mesh's own layout: a third of per-corner data, read by
    // Blender, Unity (FBX SDK) and three.js alike.
    children.push(
      fbxNode(
        'LayerElementNormal',
        [int(0)],
        [
          fbxNode('Version', [int(101)]),
          fbxNode('Name', [str('')]),
          fbxNode('MappingInformationType', [str('ByVertice')]),
          fbxNode('ReferenceInformationType', [str('Direct')]),
          fbxNode('Normals', [doubles(Float64Array.from(mesh.normals))]),
        ],
      ),
    );
    layer.push(layerElement('LayerElementNormal'));
  }
  if (mesh.uvs) {
    const uv = new Float64Array(mesh.uvs.length);
    for (let i = 0; i < uv.length; i += 2) {
      uv[i] = mesh.uvs[i];
      uv[i + 1] = 1 - mesh.uvs[i + 1];
    }
    children.push(
      fbxNode(
        'LayerElementUV',
        [int(0)],
        [
          fbxNode('Version', [int(101)]),
          fbxNode('Name', [str('UVMap')]),
          fbxNode('MappingInformationType', [str('ByPolygonVertex')]),
          fbxNode('ReferenceInformationType', [str('IndexToDirect')]),
          fbxNode('UV', [doubles(uv)]),
          fbxNode('UVIndex', [ints(Int32Array.from(corners))]),
        ],
      ),
    );
    layer.push(layerElement('LayerElementUV'));
  }
  if (slots && slots.size > 0) {
    const single = slots.size === 1;
    const materials = single ? new Int32Array([0]) : Int32Array.from(polygons.faceMaterials, (m) => slots.get(m) ?? 0);
    children.push(
      fbxNode(
        'LayerElementMaterial',
        [int(0)],
        [
          fbxNode('Version', [int(101)]),
          fbxNode('Name', [str('')]),
          fbxNode('MappingInformationType', [str(single ? 'AllSame' : 'ByPolygon')]),
          fbxNode('ReferenceInformationType', [str('IndexToDirect')]),
          fbxNode('Materials', [ints(materials)]),
        ],
      ),
    );
    layer.push(layerElement('LayerElementMaterial'));
  }
  children.push(fbxNode('Layer', [int(0)], layer));
  return {
    node: fbxNode('Geometry', [long(id), objectName(name, 'Geometry'), str('Mesh')], children),
    quadCount: polygons.quadCount,
  };
}

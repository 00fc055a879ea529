/**
 * The FBX 7.4 document for a scene: header extension, GlobalSettings (Y up, front +Z, metres as
 * UnitScaleFactor 100 cm), Definitions, Objects (a Model per scene node with its local TRS, a Geometry
 * per mesh, Material/Texture/Video records) and the Connections that wire them together.
 */
import type { Material, Scene, SceneNode } from '../../mesh.ts';
import type { TextureChannel } from '../../formats.ts';
import { usedMaterials } from '../polygons.ts';
import type { Rig } from '../../rig.ts';
import {
  bool,
  double,
  fbxNode,
  FBX_CREATION_TIME,
  FBX_FILE_ID,
  FBX_VERSION,
  int,
  long,
  objectName,
  raw,
  str,
  type FbxNode,
  type FbxProperty,
} from './binary.ts';
import { animationRecords, clipsSpan } from './animation.ts';
import { fbxEulerDegrees } from './euler.ts';
import { geometryRecord } from './geometry.ts';
import { skinRecords } from './skin.ts';

export { fbxEulerDegrees } from './euler.ts';

/** A texture file the FBX references (and, when `bytes` is given, embeds). */
export interface FbxTextureFile {
  name: string;
  bytes?: Uint8Array;
}

export interface FbxMaterialMaps {
  material: Material;
  maps: Partial<Record<TextureChannel, FbxTextureFile>>;
}

/** The material property each map plugs into (names Blender, Unity and three's loader all read). */
const CHANNEL_PROPERTY: Record<TextureChannel, string> = {
  diffuse: 'DiffuseColor',
  normal: 'NormalMap',
  metallic: 'ReflectionFactor',
  roughness: 'ShininessExponent',
};

const P = (name: string, type: string, label: string, flags: string, ...values: FbxProperty[]) =>
  fbxNode('P', [str(name), str(type), str(label), str(flags), ...values]);

const vector = (name: string, type: string, values: readonly number[]) => P(name, type, '', 'A', ...values.map(double));

function headerRecords(creator: string): FbxNode[] {
  const stamp = fbxNode(
    'CreationTimeStamp',
    [],
    [
      fbxNode('Version', [int(1000)]),
      fbxNode('Year', [int(1970)]),
      fbxNode('Month', [int(1)]),
      fbxNode('Day', [int(1)]),
      fbxNode('Hour', [int(10)]),
      fbxNode('Minute', [int(0)]),
      fbxNode('Second', [int(0)]),
      fbxNode('Millisecond', [int(0)]),
    ],
  );
  return [
    fbxNode(
      'FBXHeaderExtension',
      [],
      [
        fbxNode('FBXHeaderVersion', [int(1003)]),
        fbxNode('FBXVersion', [int(FBX_VERSION)]),
        stamp,
        fbxNode('Creator', [str(creator)]),
      ],
    ),
    fbxNode('FileId', [raw(FBX_FILE_ID)]),
    fbxNode('CreationTime', [str(FBX_CREATION_TIME)]),
    fbxNode('Creator', [str(creator)]),
  ];
}

/** FBX TimeMode values for the key rates a rig is sampled at (14: custom, with CustomFrameRate). */
const TIME_MODES: Record<number, number> = { 120: 1, 100: 2, 60: 3, 50: 4, 48: 5, 30: 6, 25: 10, 24: 11 };
/** Length of the default 24 fps time span when there is no animation. */
const DEFAULT_TIME_SPAN = 46186158000n;

interface TimeSettings {
  framesPerSecond: number;
  stop: bigint;
}

function globalSettings(unitScaleFactor: number, time: TimeSettings): FbxNode {
  const integer = (name: string, value: number) => P(name, 'int', 'Integer', '', int(value));
  const number = (name: string, value: number) => P(name, 'double', 'Number', '', double(value));
  return fbxNode(
    'GlobalSettings',
    [],
    [
      fbxNode('Version', [int(1000)]),
      fbxNode(
        'Properties70',
        [],
        [
          integer('UpAxis', 1),
          integer('UpAxisSign', 1),
          integer('FrontAxis', 2),
          integer('FrontAxisSign', 1),
          integer('CoordAxis', 0),
          integer('CoordAxisSign', 1),
          integer('OriginalUpAxis', 1),
          integer('OriginalUpAxisSign', 1),
          number('UnitScaleFactor', unitScaleFactor),
          number('OriginalUnitScaleFactor', unitScaleFactor),
          P('AmbientColor', 'ColorRGB', 'Color', '', double(0), double(0), double(0)),
          P('DefaultCamera', 'KString', '', '', str('Producer Perspective')),
          P('TimeMode', 'enum', '', '', int(TIME_MODES[time.framesPerSecond] ?? 14)),
          P('TimeSpanStart', 'KTime', 'Time', '', long(0)),
          P('TimeSpanStop', 'KTime', 'Time', '', long(time.stop)),
          number('CustomFrameRate', time.framesPerSecond),
        ],
      ),
    ],
  );
}

function materialRecord(id: bigint, source: Material): FbxNode {
  const [r, g, b, a] = source.baseColor;
  const lit = !source.unlit;
  // Blender reads roughness back as 1 - sqrt(Shininess) / 10.
  const shininess = lit ? (10 * (1 - Math.min(1, Math.max(0, source.roughness)))) ** 2 : 0;
  return fbxNode(
    'Material',
    [long(id), objectName(source.name, 'Material'), str('')],
    [
      fbxNode('Version', [int(102)]),
      fbxNode('ShadingModel', [str(lit ? 'phong' : 'lambert')]),
      fbxNode('MultiLayer', [int(0)]),
      fbxNode(
        'Properties70',
        [],
        [
          vector('DiffuseColor', 'Color', [r, g, b]),
          vector('DiffuseFactor', 'Number', [1]),
          vector('AmbientColor', 'Color', [0, 0, 0]),
          vector('EmissiveColor', 'Color', [0, 0, 0]),
          vector('EmissiveFactor', 'Number', [1]),
          vector('SpecularColor', 'Color', [1, 1, 1]),
          vector('SpecularFactor', 'Number', [lit ? 0.25 : 0]),
          vector('Shininess', 'Number', [shininess]),
          vector('ShininessExponent', 'Number', [shininess]),
          vector('ReflectionFactor', 'Number', [lit ? Math.min(1, Math.max(0, source.metallic)) : 0]),
          vector('TransparencyFactor', 'Number', [1 - a]),
          P('Opacity', 'double', 'Number', '', double(a)),
          vector('BumpFactor', 'Number', [1]),
        ],
      ),
    ],
  );
}

function textureRecords(textureId: bigint, videoId: bigint, file: FbxTextureFile): FbxNode[] {
  const texture = fbxNode(
    'Texture',
    [long(textureId), objectName(file.name, 'Texture'), str('')],
    [
      fbxNode('Type', [str('TextureVideoClip')]),
      fbxNode('Version', [int(202)]),
      fbxNode('TextureName', [objectName(file.name, 'Texture')]),
      fbxNode('Properties70', [], [P('UseMaterial', 'bool', '', '', int(1)), P('UseMipMap', 'bool', '', '', int(0))]),
      fbxNode('Media', [objectName(file.name, 'Video')]),
      fbxNode('FileName', [str(file.name)]),
      fbxNode('RelativeFilename', [str(file.name)]),
      fbxNode('ModelUVTranslation', [double(0), double(0)]),
      fbxNode('ModelUVScaling', [double(1), double(1)]),
      fbxNode('Texture_Alpha_Source', [str('None')]),
      fbxNode('Cropping', [int(0), int(0), int(0), int(0)]),
    ],
  );
  const videoChildren = [
    fbxNode('Type', [str('Clip')]),
    fbxNode('Properties70', [], [P('Path', 'KString', 'XRefUrl', '', str(file.name))]),
    fbxNode('UseMipMap', [int(0)]),
    fbxNode('Filename', [str(file.name)]),
    fbxNode('RelativeFilename', [str(file.name)]),
  ];
  if (file.bytes) videoChildren.push(fbxNode('Content', [raw(file.bytes)]));
  const video = fbxNode('Video', [long(videoId), objectName(file.name, 'Video'), str('Clip')], videoChildren);
  return [video, texture];
}

export interface FbxDocumentOptions {
  /** Scene material index → its maps; materials missing here are not written (the None variant). */
  materials: Map<number, FbxMaterialMaps>;
  /** Centimetres per scene unit: 100 for metres (the default). */
  unitScaleFactor?: number;
  creator?: string;
  /**
   * Skin the scene's first mesh with this rig (joints, skin deformer, bind pose) and write its clips as
   * animation stacks. The mesh node must sit at the origin unrotated and unscaled, as the rig engine
   * writes it; its vertices are the rig's vertices, in order.
   */
  rig?: Rig;
}

/** The key rate of the rig's clips (keys per second), 24 when it has none. */
function keyRate(rig: Rig | undefined): number {
  const times = rig?.clips.find((c) => c.times.length > 1)?.times;
  return times ? Math.round(1 / (times[1] - times[0])) : 24;
}

export function fbxDocument(scene: Scene, options: FbxDocumentOptions): { roots: FbxNode[]; quadCount: number } {
  let nextId = 100000n;
  const newId = () => nextId++;
  const objects: FbxNode[] = [];
  const connections: FbxNode[] = [];
  const connect = (child: bigint, parent: bigint, property?: string) =>
    connections.push(
      fbxNode(
        'C',
        property ? [str('OP'), long(child), long(parent), str(property)] : [str('OO'), long(child), long(parent)],
      ),
    );
  const counts: Record<string, number> = { Model: 0, Geometry: 0, Material: 0, Texture: 0, Video: 0 };

  // Materials and their maps first, so models can connect to them.
  const materialIds = new Map<number, bigint>();
  const textureIds = new Map<string, bigint>();
  for (const [index, { material, maps }] of options.materials) {
    const id = newId();
    materialIds.set(index, id);
    objects.push(materialRecord(id, material));
    counts.Material++;
    for (const [channel, file] of Object.entries(maps) as [TextureChannel, FbxTextureFile][]) {
      let textureId = textureIds.get(file.name);
      if (textureId === undefined) {
        textureId = newId();
        const videoId = newId();
        textureIds.set(file.name, textureId);
        objects.push(...textureRecords(textureId, videoId, file));
        connect(videoId, textureId);
        counts.Texture++;
        counts.Video++;
      }
      connect(textureId, id, CHANNEL_PROPERTY[channel]);
    }
  }

  let quadCount = 0;
  let skinned: { model: bigint; geometry: bigint } | undefined;
  const model = (node: SceneNode, parent: bigint) => {
    const id = newId();
    const hasMesh = Boolean(node.mesh && node.mesh.indices.length > 0);
    objects.push(
      fbxNode(
        'Model',
        [long(id), objectName(node.name, 'Model'), str(hasMesh ? 'Mesh' : 'Null')],
        [
          fbxNode('Version', [int(232)]),
          fbxNode(
            'Properties70',
            [],
            [
              vector('Lcl Translation', 'Lcl Translation', node.translation),
              vector('Lcl Rotation', 'Lcl Rotation', fbxEulerDegrees(node.rotation)),
              vector('Lcl Scaling', 'Lcl Scaling', node.scale),
              P('DefaultAttributeIndex', 'int', 'Integer', '', int(0)),
              P('InheritType', 'enum', '', '', int(1)),
            ],
          ),
          fbxNode('MultiLayer', [int(0)]),
          fbxNode('MultiTake', [int(0)]),
          fbxNode('Shading', [bool(true)]),
          fbxNode('Culling', [str('CullingOff')]),
        ],
      ),
    );
    counts.Model++;
    connect(id, parent);
    if (hasMesh && node.mesh) {
      const used = usedMaterials(node.mesh).filter((m) => materialIds.has(m));
      const slots = new Map(used.map((m, slot) => [m, slot]));
      const geometryId = newId();
      const geometry = geometryRecord(geometryId, node.name, node.mesh, slots);
      quadCount += geometry.quadCount;
      objects.push(geometry.node);
      counts.Geometry++;
      connect(geometryId, id);
      skinned ??= { model: id, geometry: geometryId };
      for (const m of used) connect(materialIds.get(m)!, id);
    }
    for (const child of node.children) model(child, id);
  };
  for (const root of scene.roots) model(root, 0n);
  const { rig } = options;
  if (rig) {
    if (!skinned) throw new Error('An FBX rig needs a mesh to skin.');
    const sink = {
      newId,
      connect,
      add: (type: string, record: FbxNode) => {
        objects.push(record);
        counts[type] = (counts[type] ?? 0) + 1;
      },
    };
    const jointIds = skinRecords(sink, rig, skinned.model, skinned.geometry);
    animationRecords(sink, rig, jointIds);
  }
  const time: TimeSettings = {
    framesPerSecond: keyRate(rig),
    stop: rig && rig.clips.length > 0 ? clipsSpan(rig) : DEFAULT_TIME_SPAN,
  };

  const definitionTypes: [string, number][] = [
    ['GlobalSettings', 1],
    ...Object.entries(counts).filter(([, n]) => n > 0),
  ];
  const definitions = fbxNode(
    'Definitions',
    [],
    [
      fbxNode('Version', [int(100)]),
      fbxNode('Count', [int(definitionTypes.reduce((sum, [, n]) => sum + n, 0))]),
      ...definitionTypes.map(([type, count]) => fbxNode('ObjectType', [str(type)], [fbxNode('Count', [int(count)])])),
    ],
  );
  const documentId = newId();
  const roots = [
    ...headerRecords(options.creator ?? 'Kiln'),
    globalSettings(options.unitScaleFactor ?? 100, time),
    fbxNode(
      'Documents',
      [],
      [
        fbxNode('Count', [int(1)]),
        fbxNode(
          'Document',
          [long(documentId), str('Scene'), str('Scene')],
          [
            fbxNode(
              'Properties70',
              [],
              [
                P('SourceObject', 'object', '', ''),
                P('ActiveAnimStackName', 'KString', '', '', str(rig?.clips[0]?.name ?? '')),
              ],
            ),
            fbxNode('RootNode', [long(0)]),
          ],
        ),
      ],
    ),
    fbxNode('References'),
    definitions,
    fbxNode('Objects', [], objects),
    fbxNode('Connections', [], connections),
  ];
  return { roots, quadCount };
}

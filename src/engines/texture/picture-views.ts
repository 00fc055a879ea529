/**
 * The pictures of a texture request as views of the model (views.md). Each picture's object is found
 * as the image engine finds it (real alpha, else the background told apart from the border); a picture
 * with no separable background (a pattern, a texture swatch) is the object's view edge to edge. The
 * model's bounding box is then fitted inside the pictured object, centred, aspect kept: the transform
 * maps the views' world (the pictured object, height 1) onto the model's units.
 */
import type { ViewLabel } from '../../domain/task-spec.ts';
import { meshBounds, type Mesh } from '../../geometry/mesh.ts';
import { EngineError, type EngineInputFile } from '../engine.ts';
import type { OutputTransform } from '../generate/image/colour-projection.ts';
import { decodePicture, extractForeground, type Foreground } from '../generate/image/foreground.ts';
import { axisOf, buildViews, type View } from '../generate/image/views.ts';
import { SAME_COLOURS_OVERLAP, insideOutsideOverlap } from './separable.ts';

/** Longest side of each view's mask and depth test, in pixels. */
export const VIEW_WORKING_SIZE = 512;

async function foregroundOf(bytes: Uint8Array): Promise<Foreground> {
  try {
    const found = await extractForeground(bytes, { workingSize: VIEW_WORKING_SIZE, minConfidence: 0.7 });
    if (found.method === 'alpha' || insideOutsideOverlap(found) < SAME_COLOURS_OVERLAP) return found;
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'API_OBJECT_NOT_FOUND_ON_IMAGE') throw error;
  }
  const { image } = await decodePicture(bytes);
  const s = Math.min(1, VIEW_WORKING_SIZE / Math.max(image.width, image.height));
  const maskWidth = Math.max(8, Math.round(image.width * s));
  const maskHeight = Math.max(8, Math.round(image.height * s));
  // No background to remove: the whole picture is the object (mask all ones, alpha made opaque).
  const opaque = { ...image, data: image.data.slice() };
  for (let i = 3; i < opaque.data.length; i += 4) opaque.data[i] = 255;
  return {
    image: opaque,
    mask: new Uint8Array(maskWidth * maskHeight).fill(1),
    maskWidth,
    maskHeight,
    method: 'segmentation',
  };
}

/** Model units per view unit: the largest ratio over the axes the views measure, so the model fits inside every picture. */
function fitTransform(views: View[], mesh: Mesh): OutputTransform {
  const bounds = meshBounds(mesh);
  const centre = [0, 1, 2].map((k) => (bounds.min[k] + bounds.max[k]) / 2) as [number, number, number];
  let k = 0;
  for (const view of views) {
    for (const [axis, extent] of [
      [axisOf(view.right), view.extentRight],
      [axisOf(view.up), view.extentUp],
    ] as const) {
      if (axis < 0 || extent <= 0) continue;
      k = Math.max(k, (bounds.max[axis] - bounds.min[axis]) / extent);
    }
  }
  if (!(k > 0)) k = 1;
  return { scale: [k, k, k], offset: centre };
}

export interface PictureViews {
  views: View[];
  transform: OutputTransform;
  /** How each picture's object was found: alpha, segmentation or the full frame. */
  framing: string[];
}

export async function pictureViews(
  pictures: EngineInputFile[],
  labels: ViewLabel[],
  mesh: Mesh,
): Promise<PictureViews> {
  const foregrounds: Foreground[] = [];
  const framing: string[] = [];
  for (const picture of pictures) {
    const fg = await foregroundOf(picture.bytes);
    foregrounds.push(fg);
    framing.push(fg.mask.every((v) => v === 1) ? 'full frame' : fg.method);
  }
  const views = buildViews(
    foregrounds,
    pictures.map((_, i) => labels[i] ?? 'F'),
  );
  return { views, transform: fitTransform(views, mesh), framing };
}

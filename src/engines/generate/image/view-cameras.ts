/**
 * The view labels of docs/spec/views.md as cameras: where the camera stood for each input picture.
 * The image engine reads pictures with these; tests and benchmarks render known solids with them.
 */
import type { ViewLabel } from '../../../domain/task-spec.ts';
import type { Bounds } from '../../../geometry/mesh.ts';
import { directionCamera, type Camera, type ViewDirection } from '../../../geometry/render/index.ts';

/** Unit direction from the object's centre towards the camera, and the picture's up, per docs/spec/views.md. */
export const VIEW_DIRECTIONS: Record<ViewLabel, ViewDirection> = {
  F: { toCamera: [0, 0, 1], up: [0, 1, 0] },
  FR: { toCamera: [Math.SQRT1_2, 0, Math.SQRT1_2], up: [0, 1, 0] },
  R: { toCamera: [1, 0, 0], up: [0, 1, 0] },
  BR: { toCamera: [Math.SQRT1_2, 0, -Math.SQRT1_2], up: [0, 1, 0] },
  B: { toCamera: [0, 0, -1], up: [0, 1, 0] },
  BL: { toCamera: [-Math.SQRT1_2, 0, -Math.SQRT1_2], up: [0, 1, 0] },
  L: { toCamera: [-1, 0, 0], up: [0, 1, 0] },
  FL: { toCamera: [-Math.SQRT1_2, 0, Math.SQRT1_2], up: [0, 1, 0] },
  U: { toCamera: [0, 1, 0], up: [0, 0, -1] },
  D: { toCamera: [0, -1, 0], up: [0, 0, 1] },
};

/**
 * The orthographic camera of a view label aimed at the centre of `bounds`. Every label gets the same
 * scale (the bounding sphere fills `1 / margin` of the picture height), so views of one object share
 * one scale as docs/spec/views.md assumes.
 */
export function viewCamera(label: ViewLabel, bounds: Bounds, options: { margin?: number } = {}): Camera {
  return directionCamera(VIEW_DIRECTIONS[label], bounds, options);
}

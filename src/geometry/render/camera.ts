/**
 * Cameras for the software renderer (the view labels of docs/spec/views.md map onto directions in
 * src/engines/generate/image/view-cameras.ts).
 *
 * A camera looks from `position` at `target`; the picture's right is forward × up and its up is the
 * component of `up` orthogonal to forward. Pixels are addressed from the top-left, pixel centres at
 * i + 0.5, so a point on the camera's axis lands in the middle of the picture.
 */
import type { Bounds } from '../mesh.ts';

export type Vec3 = [number, number, number];

export interface Camera {
  projection: 'orthographic' | 'perspective';
  position: Vec3;
  target: Vec3;
  up: Vec3;
  /** Orthographic: half the picture height in world units. */
  halfHeight: number;
  /** Perspective: vertical field of view in radians. */
  fovY: number;
  /** Perspective: nearest depth drawn (triangles crossing it are dropped). */
  near: number;
}

/** Orthonormal camera frame: `forward` points from the camera into the scene. */
export interface CameraBasis {
  right: Vec3;
  up: Vec3;
  forward: Vec3;
}

export function orthographicCamera(options: { position: Vec3; target: Vec3; up?: Vec3; halfHeight: number }): Camera {
  return {
    projection: 'orthographic',
    position: options.position,
    target: options.target,
    up: options.up ?? [0, 1, 0],
    halfHeight: options.halfHeight,
    fovY: 0,
    near: 0,
  };
}

export function perspectiveCamera(options: {
  position: Vec3;
  target: Vec3;
  up?: Vec3;
  /** Vertical field of view in degrees (default 35). */
  fovYDegrees?: number;
  /** Default: 1% of the distance to the target. */
  near?: number;
}): Camera {
  const distance = length(sub(options.target, options.position));
  return {
    projection: 'perspective',
    position: options.position,
    target: options.target,
    up: options.up ?? [0, 1, 0],
    halfHeight: 0,
    fovY: ((options.fovYDegrees ?? 35) * Math.PI) / 180,
    near: options.near ?? distance * 0.01,
  };
}

/** Unit direction from the object's centre towards the camera, and the picture's up. */
export interface ViewDirection {
  toCamera: Vec3;
  up: Vec3;
}

/**
 * The orthographic camera looking along `direction` at the centre of `bounds`. Every direction gets the
 * same scale (the bounding sphere fills `1 / margin` of the picture height), so views of one object
 * share one scale.
 */
export function directionCamera(direction: ViewDirection, bounds: Bounds, options: { margin?: number } = {}): Camera {
  const margin = options.margin ?? 1.1;
  const centre = boundsCentre(bounds);
  const radius = Math.max(1e-9, 0.5 * length(sub(bounds.max, bounds.min)));
  const { toCamera, up } = direction;
  return orthographicCamera({
    position: add(centre, scale(toCamera, radius * 3)),
    target: centre,
    up,
    halfHeight: radius * margin,
  });
}

export function cameraBasis(camera: Camera): CameraBasis {
  const forward = normalize(sub(camera.target, camera.position));
  let right = cross(forward, camera.up);
  if (length(right) < 1e-9) right = cross(forward, Math.abs(forward[1]) < 0.9 ? [0, 1, 0] : [0, 0, -1]);
  right = normalize(right);
  const up = cross(right, forward);
  return { right, up, forward };
}

/**
 * Maps world points to pixels for one camera and picture size. `project` writes x, y (pixels) and the
 * view depth (distance along forward) into `out`; `w` is 1 for orthographic and the depth for
 * perspective (the divisor of perspective-correct interpolation).
 */
export interface Projector {
  basis: CameraBasis;
  perspective: boolean;
  /** Pixels per world unit (orthographic) or the focal length in pixels (perspective). */
  focal: number;
  width: number;
  height: number;
  project(x: number, y: number, z: number, out: Float64Array, offset: number): void;
}

export function createProjector(camera: Camera, width: number, height: number): Projector {
  const basis = cameraBasis(camera);
  const perspective = camera.projection === 'perspective';
  const focal = perspective ? height / 2 / Math.tan(camera.fovY / 2) : height / 2 / camera.halfHeight;
  const [px, py, pz] = camera.position;
  const [rx, ry, rz] = basis.right;
  const [ux, uy, uz] = basis.up;
  const [fx, fy, fz] = basis.forward;
  const cx = width / 2;
  const cy = height / 2;
  return {
    basis,
    perspective,
    focal,
    width,
    height,
    project(x, y, z, out, offset) {
      const dx = x - px;
      const dy = y - py;
      const dz = z - pz;
      const vx = dx * rx + dy * ry + dz * rz;
      const vy = dx * ux + dy * uy + dz * uz;
      const depth = dx * fx + dy * fy + dz * fz;
      const s = perspective ? focal / depth : focal;
      out[offset] = cx + vx * s;
      out[offset + 1] = cy - vy * s;
      out[offset + 2] = depth;
    },
  };
}

export function boundsCentre(bounds: Bounds): Vec3 {
  return [
    (bounds.min[0] + bounds.max[0]) / 2,
    (bounds.min[1] + bounds.max[1]) / 2,
    (bounds.min[2] + bounds.max[2]) / 2,
  ];
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
export function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}
export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
export function length(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}
export function normalize(a: Vec3): Vec3 {
  const l = length(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
}

/** FBX's rotation convention: Euler angles in degrees, applied X then Y then Z. */
import { unitQuaternion } from '../../transform.ts';

/** Euler angles in degrees for FBX's default rotation order (eEulerXYZ: R = Rz · Ry · Rx). */
export function fbxEulerDegrees(rotation: readonly number[]): [number, number, number] {
  const [x, y, z, w] = unitQuaternion(rotation);
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - z * w);
  const r10 = 2 * (x * y + z * w);
  const r11 = 1 - 2 * (x * x + z * z);
  const r20 = 2 * (x * z - y * w);
  const r21 = 2 * (y * z + x * w);
  const r22 = 1 - 2 * (x * x + y * y);
  const sy = -Math.max(-1, Math.min(1, r20));
  const ry = Math.asin(sy);
  let rx: number;
  let rz: number;
  if (Math.abs(sy) < 0.9999999) {
    rx = Math.atan2(r21, r22);
    rz = Math.atan2(r10, r00);
  } else {
    rx = 0;
    rz = Math.atan2(-r01, r11);
  }
  const deg = 180 / Math.PI;
  return [rx * deg, ry * deg, rz * deg];
}

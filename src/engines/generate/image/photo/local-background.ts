/**
 * A background colour model local to the object: GrabCut's background mixture is normally fitted to
 * every background pixel of the picture, so a colour that appears only far from the object (a white
 * flag stripe in a corner) counts against a white object in the middle. Fitting it instead to the
 * ring of background around the current object describes what the object actually stands against;
 * pixels beyond the ring are then held as background, since the local model says nothing about them.
 */
import { distanceTransform } from '../mask-ops.ts';

export interface LocalBackground {
  /** Background pixels within the ring around the object (the samples for the background model). */
  ring: Int32Array;
  /** 1 = farther from the object than the ring: held as background in this round's cut. */
  beyond: Uint8Array;
}

/** The ring of background pixels within `reach` pixels of `mask`, and the pixels beyond it. */
export function localBackground(mask: Uint8Array, width: number, height: number, reach: number): LocalBackground {
  const distance = distanceTransform(mask, width, height);
  const beyond = new Uint8Array(mask.length);
  let count = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) continue;
    if (distance[p] > reach) beyond[p] = 1;
    else count++;
  }
  const ring = new Int32Array(count);
  let i = 0;
  for (let p = 0; p < mask.length; p++) if (!mask[p] && !beyond[p]) ring[i++] = p;
  return { ring, beyond };
}

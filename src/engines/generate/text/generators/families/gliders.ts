/**
 * Light aircraft the airplane stood in for: a hang glider (a triangular sail over an A-frame control bar)
 * and a paraglider (an arched canopy on lines above a harness), rows of the airplane; and an autogyro
 * (a pod with an unpowered rotor on a mast and a pusher propeller), a row of the rotorcraft family: all
 * rows of ../parts/gliders.json.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const GLIDERS: Record<string, Generator> = partLists('gliders');

/**
 * Creatures of myth and legend, each the body plan it is told as, each a row of ../parts/mythical.json
 * with its skeleton (../joints.ts): four-legged bodies on the quadruped rig (the centaur's torso as its
 * neck), two-legged ones on the humanoid rig; facing +x, their left side is -z. Those that count or
 * colour by the prompt read it in their rows: how many heads (cerberus, hydra), tails (kitsune) or
 * tentacles (kraken), a white kitsune, a yeti's white fur.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const MYTHICAL: Record<string, Generator> = partLists('mythical');

/**
 * Toys and puzzles (WordNet's plaything branch and the dice it files under "cube"): building blocks,
 * dice, a plastic brick, a puzzle cube, a spinning top, a yo-yo, a coil spring toy, a fidget spinner, a
 * piñata, a jack-in-the-box, a kite, a pogo stick, a rocking horse and a doll, each a row of
 * ../parts/toys.json, as few primitives as say what it is, in the toy's usual bright colours.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const TOYS: Record<string, Generator> = partLists('toys');

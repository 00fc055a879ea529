/**
 * "the chrysler building", "the brandenburg gate": a building or gate the prompt names with "the" and
 * a name Kiln cannot read as a thing is a named structure, made as a landmark, as WordNet's own named
 * structures are (./senses.ts). "the tree house" (a tree is a thing) stays a house.
 */
import { familyOf } from '../catalog.ts';
import { has, type Clause, type Token } from './tokens.ts';
import { nounSenses, readSynset } from './wordnet.ts';

const NAMED_STRUCTURE = 'landmark';
/** Categories outside the building family that a named structure is also built as. */
const STRUCTURES = new Set(['arch', 'pillar', 'bridge', 'stadium', 'tower']);

/** True for a word the prompt uses as a name: unread, or known to WordNet only as someone's or something's name. */
function isName(t: Token): boolean {
  if (t.unread) return true;
  if (!t.noun || t.meanings.length > 0) return false;
  const senses = nounSenses(t.noun);
  return senses.length > 0 && senses.every((o) => readSynset(o).instance);
}

/** The words naming the structure ("chrysler building"), when the subject's head is one; else undefined. */
export function namedStructure(clause: Clause, head: Token, category: string): string | undefined {
  if (category === NAMED_STRUCTURE || (familyOf(category) !== 'building' && !STRUCTURES.has(category)))
    return undefined;
  const at = clause.tokens.indexOf(head);
  const the = clause.tokens.findIndex((t) => t.text === 'the');
  if (the < 0 || the >= at - 1) return undefined;
  const names = clause.tokens.slice(the + 1, at);
  if (!names.every((t) => isName(t) && !has(t, 'colour'))) return undefined;
  return [...names, head].map((t) => t.text).join(' ');
}

export { NAMED_STRUCTURE };

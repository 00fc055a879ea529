/**
 * Broad WordNet anchors: synsets too general to say what the object is ("food", "structure",
 * "device", "arthropod"), each mapped to the category whose default form stands in for the whole
 * branch. The hypernym walk uses them only when no specific anchor is reached at a comparable cost,
 * so a swordfish is a fish before it is food and a chisel a hand tool before it is a generic tool.
 */
export const BROAD_ANCHORS: [anchor: string, category: string][] = [
  ['animal#1', 'quadruped'],
  ['ungulate#1', 'quadruped'],
  ['invertebrate#1', 'mollusc'],
  ['arthropod#1', 'insect'],
  ['food#1', 'dish'],
  ['food#2', 'dish'],
  // A plant no specific anchor places (a pothos, an herb) is the potted plant; shrubs keep the bush (shrub#1).
  ['plant#2', 'potted-plant'],
  ['structure#1', 'house'],
  ['geological formation#1', 'island'],
  ['vehicle#1', 'car'],
  ['wheeled vehicle#1', 'car'],
  ['craft#2', 'boat'],
  ['container#1', 'crate'],
  ['vessel#3', 'jar'],
  ['furniture#1', 'cabinet'],
  ['plaything#1', 'teddy-bear'],
  ['weapon#1', 'sword'],
  // Explosives and rocket launchers are weapons, read from their own description (../weapon-reading.ts),
  // not household devices; the sword stands in only where a description says nothing it draws.
  ['explosive device#1', 'sword'],
  ['launcher#1', 'sword'],
  ['tool#1', 'hand-tool'],
  ['implement#1', 'hand-tool'],
  ['musical instrument#1', 'string-instrument'],
  ['machine#1', 'appliance'],
  ['device#1', 'appliance'],
  ['electronic equipment#1', 'appliance'],
  // Broad, not specific, anchors of the garment family: they also sit above nouns whose first meaning
  // is a person ("a lumberjack" is also a jacket) or another thing ("a hose"), which then win.
  ['garment#1', 'garment'],
  ['clothing#1', 'garment'],
  ['measuring instrument#1', 'shop-tool'],
  // Flat artifacts (boards, mats, panels), otherwise unplaced: one whose description reads as a plain
  // solid is made as that (./shape-reading.ts).
  ['sheet#6', 'object'],
  // Service buildings (a fire station, a depot) stand in as a house; a named one (the Hagia Sophia) is a landmark.
  ['facility#1', 'house'],
];

/**
 * Broad anchors that place only the noun they name, not its kinds: a bare "instrument" in a prompt ("a
 * bouzouki, greek instrument") is a musical one, though WordNet counts "a device that requires skill"
 * first; a stethoscope or a sextant, kinds of that device, are not string instruments.
 */
export const EXACT_BROAD_ANCHORS: [anchor: string, category: string][] = [['instrument#1', 'string-instrument']];

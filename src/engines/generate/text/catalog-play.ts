/**
 * Forms for play, sport and legend (issue 16, fourth pass): toys and puzzles, sports and gym gear, and
 * creatures of myth (which were the person's stand-in as "imaginary beings"). Kept
 * apart from ./catalog-made.ts so the lists grow without conflict; ./catalog.ts merges them.
 *
 * Anchored at the WordNet synsets whose kinds these generators build (the toy senses of "kite", "top"
 * and "hobby"; the gym's weights, hockey sticks, shuttlecocks and golf gear), not at "plaything" or
 * "doll" as a whole: those stay the teddy bear's and the person's stand-ins (./catalog-broad.ts), which a
 * puppet or a toy soldier is labelled as; nor at "sports equipment", which holds the skates (shoes).
 * The bare word "top" is left out: it is a side of anything ("a desktop", "a sugar top").
 */
import type { CategoryEntry, Family } from './catalog-types.ts';

const f = (id: string, family: Family, label: string, anchors: string[], profiles: Record<string, string[]>): CategoryEntry => ({
  id,
  family,
  label,
  anchors,
  profiles,
  words: Object.entries(profiles).flatMap(([p, ws]) => [p, ...ws]),
});

export const PLAY_CATEGORIES: CategoryEntry[] = [
  f('toy', 'prop', 'toy', ['kite#3', 'top#8', 'hobby#2', 'die#1', 'yo-yo#1', 'pinata#1', 'jack-in-the-box#1', 'lego#1', 'pogo stick#1'], {
    blocks: ['toy blocks', 'alphabet blocks', 'building blocks', 'wooden blocks', 'abc blocks', 'toy block', 'alphabet block'],
    dice: ['d20', 'd6', 'd20 dice', 'd6 dice', 'die', 'twenty sided die', 'pair of dice', 'game die'],
    'lego brick': ['lego', 'lego block', 'toy brick', 'duplo'],
    'rubiks cube': ["rubik's cube", 'rubik cube', 'puzzle cube', 'magic cube', 'speed cube'],
    'spinning top': ['dreidel', 'whirligig', 'beyblade'], 'yo yo': ['yo-yo', 'yoyo'], slinky: ['coil spring toy'],
    'fidget spinner': ['hand spinner'], pinata: ['piñata'], 'jack in the box': ['jack-in-the-box'], kite: ['box kite', 'diamond kite'],
    'pogo stick': ['pogostick'], 'rocking horse': ['hobby horse', 'hobbyhorse'], doll: ['rag doll', 'baby doll', 'porcelain doll', 'dolly', 'doll house doll'],
  }),
  f('sports-gear', 'prop', 'sports and gym gear', ['weight#2', 'hockey stick#1', 'shuttlecock#1', 'golf equipment#1', 'dartboard#1', 'snowboard#1', 'punching bag#2', 'ski#1', 'golf club#2', 'bowling pin#1'], {
    dartboard: ['dart board', 'darts board'], 'punching bag': ['punchbag', 'boxing bag', 'heavy bag', 'punching ball', 'speed bag'],
    kettlebell: ['kettle bell', 'kettlebells'], dumbbell: ['dumbell', 'dumbbells', 'hand weight', 'free weight'], barbell: ['barbells', 'weight bar'],
    'basketball hoop': ['basketball net', 'basketball goal', 'basketball basket', 'hoop and backboard'],
    snowboard: [], skis: ['ski', 'pair of skis', 'skis and poles'], 'hockey stick': ['ice hockey stick', 'field hockey stick', 'lacrosse stick'],
    paddle: ['ping pong paddle', 'ping-pong paddle', 'table tennis bat', 'table tennis paddle', 'pingpong paddle', 'paddle ball'],
    shuttlecock: ['shuttle', 'birdie', 'badminton birdie', 'badminton shuttlecock'], 'golf club': ['golf driver', 'putter', 'golf iron', 'nine iron'],
    'bowling pin': ['skittle', 'tenpin', 'bowling pins'],
  }),
  // Each creature's own synset, not "imaginary being" or "mythical monster": those also hold the
  // humanoid ones (a goblin, a werewolf, a fairy) that the person and the wolf stand in for.
  f('mythical', 'animal', 'mythical creature', ['centaur#1', 'minotaur#1', 'pegasus#1', 'phoenix#3', 'cerberus#1', 'griffin#1', 'hydra#1', 'loch ness monster#1',
    'sea serpent#1', 'bigfoot#1', 'yeti#1', 'golem#1', 'extraterrestrial being#1', 'mermaid#1'], {
    centaur: [], pegasus: ['winged horse', 'flying horse'], minotaur: [], griffin: ['gryphon', 'griffon', 'hippogriff', 'hippogryph'], cerberus: ['hellhound', 'three headed dog'],
    hydra: ['lernaean hydra', 'many headed serpent'], kitsune: ['nine tailed fox', 'fox spirit'], phoenix: ['firebird', 'fire bird'],
    'loch ness monster': ['nessie'], 'sea serpent': ['sea monster', 'plesiosaur', 'plesiosaurus'], bigfoot: ['sasquatch'], yeti: ['abominable snowman'],
    golem: ['stone golem', 'rock golem', 'clay golem'], alien: ['grey alien', 'gray alien', 'extraterrestrial', 'martian', 'little green man'],
    mermaid: ['merman', 'mermaids'], kraken: ['sea kraken'],
  }),
];

/**
 * Forms for play, sport and legend and for the desk and the street (issue 16, fourth pass): toys and
 * puzzles, sports and gym gear, creatures of myth (which were the person's stand-in as "imaginary
 * beings"), writing and desk things, street signs and signals, masks and armour, household and
 * workshop things, plant things (flower arrangements, cones, succulents), and more buildings. Kept
 * apart from ./catalog-made.ts so the lists grow without conflict; ./catalog.ts merges them.
 *
 * Anchored at the WordNet synsets whose kinds these generators build (the toy senses of "kite", "top"
 * and "hobby"; the gym's weights, hockey sticks, shuttlecocks and golf gear), not at "plaything" or
 * "doll" as a whole: those stay the teddy bear's and the person's stand-ins (./catalog-broad.ts), which a
 * puppet or a toy soldier is labelled as; nor at "sports equipment", which holds the skates (shoes).
 * The bare word "top" is left out: it is a side of anything ("a desktop", "a sugar top").
 */
import type { CategoryEntry, Family } from './catalog-types.ts';

const f = (
  id: string,
  family: Family,
  label: string,
  anchors: string[],
  profiles: Record<string, string[]>,
): CategoryEntry => ({
  id,
  family,
  label,
  anchors,
  profiles,
  words: Object.entries(profiles).flatMap(([p, ws]) => [p, ...ws]),
});

export const PLAY_CATEGORIES: CategoryEntry[] = [
  f(
    'toy',
    'prop',
    'toy',
    ['kite#3', 'top#8', 'hobby#2', 'die#1', 'yo-yo#1', 'pinata#1', 'jack-in-the-box#1', 'lego#1', 'pogo stick#1'],
    {
      blocks: [
        'toy blocks',
        'alphabet blocks',
        'building blocks',
        'wooden blocks',
        'abc blocks',
        'toy block',
        'alphabet block',
      ],
      dice: ['d20', 'd6', 'd20 dice', 'd6 dice', 'die', 'twenty sided die', 'pair of dice', 'game die'],
      'lego brick': ['lego', 'lego block', 'toy brick', 'duplo'],
      'rubiks cube': ["rubik's cube", 'rubik cube', 'puzzle cube', 'magic cube', 'speed cube'],
      'spinning top': ['dreidel', 'whirligig', 'beyblade'],
      'yo yo': ['yo-yo', 'yoyo'],
      slinky: ['coil spring toy'],
      'fidget spinner': ['hand spinner'],
      pinata: ['piñata'],
      'jack in the box': ['jack-in-the-box'],
      kite: ['box kite', 'diamond kite'],
      'pogo stick': ['pogostick'],
      'rocking horse': ['hobby horse', 'hobbyhorse'],
      doll: ['rag doll', 'baby doll', 'porcelain doll', 'dolly', 'doll house doll'],
    },
  ),
  f(
    'sports-gear',
    'prop',
    'sports and gym gear',
    [
      'weight#2',
      'hockey stick#1',
      'shuttlecock#1',
      'golf equipment#1',
      'dartboard#1',
      'snowboard#1',
      'punching bag#2',
      'ski#1',
      'golf club#2',
      'bowling pin#1',
    ],
    {
      dartboard: ['dart board', 'darts board'],
      'punching bag': ['punchbag', 'boxing bag', 'heavy bag', 'punching ball', 'speed bag'],
      kettlebell: ['kettle bell', 'kettlebells'],
      dumbbell: ['dumbell', 'dumbbells', 'hand weight', 'free weight'],
      barbell: ['barbells', 'weight bar'],
      'basketball hoop': ['basketball net', 'basketball goal', 'basketball basket', 'hoop and backboard'],
      snowboard: [],
      skis: ['ski', 'pair of skis', 'skis and poles'],
      'hockey stick': ['ice hockey stick', 'field hockey stick', 'lacrosse stick'],
      paddle: [
        'ping pong paddle',
        'ping-pong paddle',
        'table tennis bat',
        'table tennis paddle',
        'pingpong paddle',
        'paddle ball',
      ],
      shuttlecock: ['shuttle', 'birdie', 'badminton birdie', 'badminton shuttlecock'],
      'golf club': ['golf driver', 'putter', 'golf iron', 'nine iron'],
      'bowling pin': ['skittle', 'tenpin', 'bowling pins'],
    },
  ),
  // Each creature's own synset, not "imaginary being" or "mythical monster": those also hold the
  // humanoid ones (a goblin, a werewolf, a fairy) that the person and the wolf stand in for.
  f(
    'mythical',
    'animal',
    'mythical creature',
    [
      'centaur#1',
      'minotaur#1',
      'pegasus#1',
      'phoenix#3',
      'cerberus#1',
      'griffin#1',
      'hydra#1',
      'loch ness monster#1',
      'sea serpent#1',
      'bigfoot#1',
      'yeti#1',
      'golem#1',
      'extraterrestrial being#1',
      'mermaid#1',
    ],
    {
      centaur: [],
      pegasus: ['winged horse', 'flying horse'],
      minotaur: [],
      griffin: ['gryphon', 'griffon', 'hippogriff', 'hippogryph'],
      cerberus: ['hellhound', 'three headed dog'],
      hydra: ['lernaean hydra', 'many headed serpent'],
      kitsune: ['nine tailed fox', 'fox spirit'],
      phoenix: ['firebird', 'fire bird'],
      'loch ness monster': ['nessie'],
      'sea serpent': ['sea monster', 'plesiosaur', 'plesiosaurus'],
      bigfoot: ['sasquatch'],
      yeti: ['abominable snowman'],
      golem: ['stone golem', 'rock golem', 'clay golem'],
      alien: ['grey alien', 'gray alien', 'extraterrestrial', 'martian', 'little green man'],
      mermaid: ['merman', 'mermaids'],
      kraken: ['sea kraken'],
    },
  ),

  // A pen is no house (pen#2, an enclosure, is a structure), a sign no house (a signboard is one).
  f(
    'desk-thing',
    'prop',
    'writing and desk thing',
    [
      'writing implement#1',
      'pencil#1',
      'pen#1',
      'quill#1',
      'eraser#1',
      'stapler#1',
      'paper clip#1',
      'metronome#1',
      'sundial#1',
      'easel#1',
    ],
    {
      pencil: ['colored pencil', 'coloured pencil', 'pencils', 'crayon', 'charcoal pencil'],
      pen: ['ballpoint pen', 'ballpoint', 'ball point pen', 'marker', 'felt tip pen', 'biro', 'gel pen'],
      'fountain pen': [],
      quill: ['quill pen', 'feather pen', 'quill and inkwell'],
      eraser: ['rubber eraser', 'pencil eraser'],
      stapler: [],
      'paper clip': ['paperclip'],
      'tape dispenser': ['scotch tape dispenser', 'sellotape dispenser'],
      metronome: [],
      sundial: ['sun dial'],
      easel: ['painters easel', "painter's easel", 'art easel'],
    },
  ),
  f(
    'street-sign',
    'building',
    'street sign and signal',
    ['sign#4', 'street sign#1', 'traffic light#1', 'billboard#1', 'signpost#1', 'parking meter#1'],
    {
      'stop sign': [],
      'road sign': ['traffic sign', 'warning sign', 'yield sign', 'speed limit sign'],
      'street sign': ['street name sign'],
      'neon sign': ['neon light sign', 'neon'],
      billboard: ['hoarding', 'advertising board'],
      signpost: ['sign post', 'guidepost', 'finger post', 'direction sign'],
      'traffic light': ['traffic lights', 'traffic signal', 'stoplight', 'stop light'],
      'parking meter': [],
    },
  ),
  f('mask-armour', 'prop', 'mask and armour', ['mask#1', 'mask#4', 'gas mask#1', 'body armor#1'], {
    mask: ['venetian mask', 'masquerade mask', 'carnival mask', 'masque', 'half mask', 'domino mask'],
    'gas mask': ['respirator', 'gasmask'],
    'suit of armor': [
      'suit of armour',
      'full suit of armor',
      'full suit of armour',
      'body armor',
      'body armour',
      'armor',
      'armour',
      'plate armor',
      'plate armour',
    ],
  }),

  // Not the toolbox: the catalogue makes it the chest. Not a bare "bulb" either: a garlic or tulip bulb.
  f(
    'household-thing',
    'prop',
    'household and workshop thing',
    [
      'fire extinguisher#1',
      'ashcan#1',
      'beehive#4',
      'beehive#2',
      'aquarium#1',
      'terrarium#1',
      'candelabrum#1',
      'music box#1',
      'saltshaker#1',
      'coatrack#1',
      'lectern#1',
      'workbench#1',
    ],
    {
      'fire extinguisher': ['extinguisher'],
      'trash can': [
        'garbage can',
        'trashcan',
        'dustbin',
        'trash bin',
        'wastebin',
        'waste bin',
        'recycling bin',
        'wastebasket',
        'litter bin',
        'bin',
      ],
      beehive: ['hive', 'bee hive', 'skep', 'bee skep'],
      aquarium: ['fish tank', 'fishtank', 'fish bowl tank'],
      terrarium: ['vivarium', 'moss terrarium', 'plant terrarium'],
      candelabra: ['candelabrum', 'menorah'],
      'music box': ['musical box'],
      'jewelry box': ['jewellery box', 'jewel box', 'jewelry case', 'jewellery case', 'trinket box'],
      'salt shaker': ['saltshaker', 'pepper shaker', 'salt and pepper shakers', 'salt and pepper'],
      'coat rack': ['coatrack', 'coat stand', 'hat stand', 'hat rack', 'hatrack'],
      lectern: ['podium', 'pulpit', 'reading desk'],
      workbench: ['work bench', 'carpenters bench', 'woodworking bench'],
    },
  ),
  // Machine tools (a lathe, a grinder, a drill press) are powered tools, not household appliances or mills.
  f(
    'shop-tool',
    'tool',
    'powered and measuring tool',
    [
      'jackhammer#1',
      'blowtorch#1',
      'soldering iron#1',
      'leaf blower#1',
      'spirit level#1',
      'flashlight#1',
      'light bulb#1',
      'binoculars#1',
      'trebuchet#1',
      'grenade#1',
      'machine tool#1',
      'scale#7',
    ],
    {
      jackhammer: ['jack hammer', 'pneumatic drill', 'air hammer'],
      blowtorch: ['blow torch', 'blowlamp', 'propane torch'],
      'soldering iron': ['soldering gun'],
      'leaf blower': ['blower'],
      'spirit level': ['bubble level', 'level tool'],
      flashlight: ['torch light', 'torchlight', 'maglite'],
      'light bulb': ['lightbulb', 'edison bulb', 'edison light bulb', 'led bulb'],
      binoculars: ['binocular', 'field glasses', 'opera glasses'],
      trebuchet: ['catapult', 'siege engine', 'ballista', 'mangonel'],
      grenade: ['hand grenade', 'frag grenade'],
      // Weighing instruments (WordNet's "scale, weighing machine"): a platform scale and a hanging-pan balance.
      // A bare "scale" or "scales" is not a word of the row (a dragon's scales are no weighing machine).
      scale: [
        'weighing scale',
        'weighing machine',
        'bathroom scale',
        'kitchen scale',
        'digital scale',
        'platform scale',
      ],
      'balance scale': ['beam balance', 'pan balance', 'scales of justice', 'justice scale', 'balance scales'],
    },
  ),

  f(
    'plant-thing',
    'plant',
    'plant thing',
    [
      'bouquet#1',
      'wreath#1',
      'pinecone#1',
      'acorn#1',
      'clover#1',
      'yucca#1',
      'sansevieria#1',
      'aloe#1',
      'agave#1',
      "venus's flytrap#1",
    ],
    {
      bouquet: ['bunch of flowers', 'posy', 'nosegay', 'flower bouquet', 'flower arrangement'],
      wreath: ['christmas wreath', 'garland', 'door wreath', 'laurel wreath'],
      'pine cone': ['pinecone', 'fir cone', 'conifer cone'],
      acorn: ['acorns'],
      clover: ['four leaf clover', 'four-leaf clover', 'shamrock', 'three leaf clover'],
      'joshua tree': ['yucca', 'yucca tree'],
      'snake plant': ['sansevieria', "mother in law's tongue", 'mother-in-law tongue'],
      aloe: ['aloe vera', 'aloe plant', 'aloe vera plant', 'agave', 'century plant'],
      'venus flytrap': ['venus fly trap', "venus's flytrap", 'flytrap', 'fly trap'],
    },
  ),

  // Not the barn or the farmhouse: the catalogue makes those the house.
  f(
    'building-more',
    'building',
    'building',
    ['silo#1', 'observatory#1', 'diner#3', 'factory#1', 'gas station#1', 'stadium#1', 'bus stop#1', 'treehouse#1'],
    {
      silo: ['grain silo', 'silos', 'grain elevator'],
      observatory: ['planetarium', 'astronomical observatory'],
      diner: ['roadside diner', 'american diner', '1950s diner', 'fifties diner'],
      factory: ['manufacturing plant', 'mill', 'warehouse', 'power plant'],
      'gas station': ['petrol station', 'filling station', 'service station', 'gasoline station'],
      stadium: ['arena', 'football stadium', 'soccer stadium', 'baseball stadium', 'sports stadium'],
      'bus stop': ['bus shelter', 'bus station shelter'],
      treehouse: ['tree house', 'tree fort'],
    },
  ),
];

// The weighing scale's row is reached as WordNet's "scale, weighing machine" or by a compound ("bathroom
// scale"), never by the bare word, which is first a fish's or a dragon's scale.
for (const entry of PLAY_CATEGORIES)
  if (entry.id === 'shop-tool') entry.words = entry.words.filter((w) => w !== 'scale');

/** Anchors added to categories defined elsewhere: bulb flowers and wildflowers are flowers, not bushes. */
export const PLAY_ANCHORS: Record<string, string[]> = {
  flower: ['bulbous plant#1', 'wildflower#1'],
};

/**
 * Rows added to catalogue categories (profile → the words that pick it): the category stays what the
 * catalogue suite expects ("a submarine" is a boat there), the row builds the kind.
 */
export const PLAY_PROFILES: Record<string, Record<string, string[]>> = {
  boat: {
    submarine: [
      'sub',
      'u-boat',
      'uboat',
      'yellow submarine',
      'research submarine',
      'submersible',
      'deep sea submarine',
    ],
  },
  chair: { wheelchair: ['wheel chair', 'electric wheelchair'] },
  spear: { naginata: ['guandao', 'japanese polearm'], glaive: [] },
  staff: {
    nunchaku: ['nunchucks', 'nunchuks', 'nunchuck', 'nunchakus', 'nun chucks'],
    'walking stick': ['walking cane', 'cane', 'hiking stick', 'gentleman cane'],
    'pool cue': ['cue', 'cue stick', 'billiard cue', 'snooker cue'],
    slingshot: ['sling shot'],
    'candy cane': ['candycane', 'candy canes', 'peppermint stick'],
  },
  robot: {
    'robotic arm': [
      'robot arm',
      'industrial robot',
      'industrial robotic arm',
      'industrial robot arm',
      'mechanical arm',
      'robotic arms',
    ],
  },
};

/**
 * Forms for object kinds no other family covered (issue 16, "beyond the catalogue"): dishes read from
 * their own description, furniture and fixtures of a home, spacecraft, small three-wheeled vehicles,
 * and more landmarks. Kept apart from ./catalog-families.ts so the two lists grow without conflict;
 * ./catalog.ts merges them.
 */
import type { CategoryEntry, Family } from './catalog-types.ts';
import { CORE_PROFILES, FAMILY_CATEGORIES } from './catalog-families.ts';
import { DISH_DESCRIPTIONS, readDish } from './dish-reading.ts';
import { produceForm } from './produce-reading.ts';
import { implementForm } from './implement-reading.ts';
import { shapeForm } from './shape-reading.ts';
import { garmentForm } from './garment-reading.ts';
import { jewelryForm } from './jewelry-reading.ts';
import { buildingForm } from './building-reading.ts';
import { knifeForm } from './knife-reading.ts';
import { cycleForm } from './cycle-reading.ts';
import { percussionForm } from './percussion-reading.ts';
import { weaponForm } from './weapon-reading.ts';
import { grassForm } from './grass-reading.ts';
import { PLAY_CATEGORIES, PLAY_PROFILES } from './catalog-play.ts';
import { BROAD_ANCHORS } from './catalog-broad.ts';
import { animalOwnForms } from './animal-reading.ts';
import { nounSenses, readSynset } from './understand/wordnet.ts';

/**
 * True when a compound is a kind of its own last word: its first sense has that word among its direct
 * hypernyms' lemmas, or WordNet does not know the compound at all ("kitchen knife", "chef knife": a
 * head-final compound names a kind of its head).
 */
function kindOfLastWord(word: string): boolean {
  const parts = word.split(' ');
  if (parts.length < 2) return false;
  if (nounSenses(word).length === 0 && nounSenses(word.replace(/s$/, '')).length === 0) return true;
  const last = parts.at(-1)!.replace(/s$/, '');
  const sense = nounSenses(word)[0] ?? nounSenses(word.replace(/s$/, ''))[0];
  return (
    sense !== undefined &&
    readSynset(sense).hypernyms.some((h) => readSynset(h).words.some((w) => w === last || w === parts.at(-1)))
  );
}

const f = (
  id: string,
  family: Family,
  label: string,
  anchors: string[],
  profiles: Record<string, string[]>,
  examples: string[] = [],
): CategoryEntry => ({
  id,
  family,
  label,
  anchors,
  profiles,
  examples,
  words: [id.replace(/-/g, ' '), ...Object.entries(profiles).flatMap(([p, ws]) => [p, ...ws])],
});

/** New families with parameters, each a generator of its own (see generators/registry.ts). */
export const MADE_CATEGORIES: CategoryEntry[] = [
  // Named only by compounds: a bare "skeleton" is also WordNet's word for an artifact's frame, and as a
  // vocabulary word it was found on the hypernym walk of unrelated objects ("a basketball hoop").
  {
    id: 'human-skeleton',
    family: 'prop',
    label: 'skeleton',
    anchors: [],
    profiles: {
      'human skeleton': [
        'anatomical skeleton',
        'skeleton model',
        'full skeleton',
        'halloween skeleton',
        'standing skeleton',
      ],
    },
    words: [
      'human skeleton',
      'anatomical skeleton',
      'skeleton model',
      'full skeleton',
      'halloween skeleton',
      'standing skeleton',
    ],
  },
  f(
    'fixture',
    'furniture',
    'home and street fixture',
    [
      'plumbing fixture#1',
      'faucet#1',
      'bathtub#1',
      'fireplace#1',
      'mirror#1',
      'hammock#2',
      'radiator#2',
      'door#1',
      'window#1',
      'fence#1',
      'staircase#1',
      'telephone booth#1',
      'booth#2',
      'vending machine#1',
    ],
    {
      bathtub: ['bath tub', 'bath', 'tub', 'clawfoot tub', 'clawfoot bathtub', 'jacuzzi', 'hot tub'],
      toilet: ['commode', 'lavatory', 'urinal', 'bidet'],
      sink: ['washbasin', 'wash basin', 'basin sink', 'kitchen sink', 'bathroom sink'],
      shower: ['shower stall', 'shower cabin'],
      fireplace: ['hearth', 'fire place', 'wood stove', 'woodstove'],
      mirror: ['looking glass', 'vanity mirror', 'full length mirror'],
      hammock: [],
      radiator: [],
      door: ['front door', 'doors'],
      window: ['windows'],
      fence: ['picket fence', 'fencing', 'railing'],
      staircase: ['stairs', 'stairway', 'steps', 'spiral staircase'],
      'phone booth': ['telephone booth', 'telephone box', 'phone box', 'call box', 'kiosk'],
      'vending machine': ['soda machine', 'snack machine'],
      faucet: ['tap', 'kitchen faucet', 'bathroom faucet', 'mixer tap', 'spigot', 'water tap', 'faucets'],
    },
  ),
  f(
    'spacecraft',
    'vehicle',
    'spacecraft',
    ['satellite#1', 'space station#1', 'lunar excursion module#1', 'space capsule#1', 'space probe#1'],
    {
      satellite: ['communications satellite', 'weather satellite', 'space probe', 'probe', 'sputnik'],
      'space station': ['international space station', 'orbital station'],
      'mars rover': ['lunar rover', 'moon rover', 'moon buggy', 'curiosity rover', 'planetary rover', 'space rover'],
      'lunar lander': ['lander', 'moon lander', 'lunar module'],
      capsule: ['space capsule', 'crew capsule', 'command module'],
    },
  ),
  f(
    'small-vehicle',
    'vehicle',
    'small vehicle (three wheels, runners or a ride-on seat)',
    ['snowmobile#1', 'go-kart#1', 'golf cart#1', 'lawn mower#1', 'jinrikisha#1'],
    {
      'tuk-tuk': ['tuk tuk', 'tuktuk', 'auto rickshaw', 'autorickshaw', 'three wheeler', 'trike'],
      rickshaw: ['jinrikisha', 'pedicab', 'cycle rickshaw'],
      sled: ['sledge', 'sleigh', 'toboggan', 'bobsled'],
      snowmobile: ['snow mobile', 'skidoo'],
      atv: ['quad bike', 'four wheeler', 'all terrain vehicle'],
      'go-kart': ['go kart', 'gokart', 'kart', 'soapbox car'],
      'golf cart': ['golfcart', 'golf buggy'],
      'lawn mower': ['lawnmower', 'mower', 'ride on mower', 'ride on lawn mower', 'riding mower', 'riding lawn mower'],
      'jet ski': ['jetski', 'waverunner', 'personal watercraft'],
      segway: ['hoverboard'],
    },
  ),
  // Fairground rides (a carousel, a ferris wheel, a roller coaster) are WordNet devices, not household appliances.
  f(
    'outdoor',
    'building',
    'garden, playground and fairground structure',
    [
      'jungle gym#1',
      'sandbox#2',
      'bird feeder#1',
      'swing#2',
      'slide#4',
      'seesaw#1',
      'trampoline#1',
      'gazebo#1',
      'greenhouse#1',
      'kennel#1',
      'birdhouse#1',
      'campfire#1',
      'barbecue#3',
      'fountain#1',
      'fountain#4',
      'birdbath#1',
      'hay bale#1',
      'carousel#2',
      'ferris wheel#1',
      'roller coaster#2',
    ],
    {
      'swing set': ['swingset', 'swings', 'playground swing', 'tire swing'],
      slide: ['playground slide', 'water slide', 'slippery slide'],
      seesaw: ['see saw', 'teeter totter', 'teeter-totter'],
      trampoline: [],
      gazebo: ['summerhouse', 'bandstand', 'pergola'],
      greenhouse: ['glasshouse', 'hothouse', 'conservatory'],
      doghouse: ['dog house', 'kennel', 'dog kennel'],
      birdhouse: ['bird house', 'nest box', 'nesting box'],
      campfire: ['camp fire', 'bonfire', 'fire pit', 'firepit'],
      barbecue: [
        'bbq',
        'barbeque',
        'barbecue grill',
        'charcoal grill',
        'kettle grill',
        'grill',
        'bbq grill',
        'gas grill',
        'outdoor grill',
      ],
      fountain: ['water fountain', 'garden fountain'],
      'bird bath': ['birdbath'],
      'hay bale': ['haybale', 'bale of hay', 'straw bale'],
      'jungle gym': ['monkey bars', 'climbing frame'],
      'merry-go-round': ['merry go round', 'roundabout', 'playground carousel'],
      sandbox: ['sandpit', 'sand box', 'sand pit'],
      'bird feeder': ['birdfeeder'],
      carousel: ['carrousel', 'fairground carousel'],
      'ferris wheel': ['observation wheel'],
      'roller coaster': ['rollercoaster', 'big dipper'],
    },
  ),
  // Anchored at kinds of garment, not at "garment" or "clothing": those also sit above nouns whose
  // first meaning is a person ("a lumberjack" is also a jacket) or another thing ("a hose").
  f(
    'garment',
    'prop',
    'garment',
    [
      'shirt#1',
      'sweater#1',
      'skirt#2',
      'dress#1',
      'gown#1',
      'trousers#1',
      'scarf#1',
      'sock#1',
      'glove#2',
      'glove#1',
      'glove#3',
      'neckwear#1',
      'swimsuit#1',
      'vest#1',
    ],
    {
      't-shirt': ['t shirt', 'tshirt', 'tee shirt', 'tank top', 'jersey', 'football jersey'],
      shirt: [
        'blouse',
        'sweater',
        'jumper',
        'hoodie',
        'sweatshirt',
        'pullover',
        'cardigan',
        'polo shirt',
        'dress shirt',
        'button up shirt',
      ],
      jacket: [
        'coat',
        'blazer',
        'leather jacket',
        'parka',
        'overcoat',
        'trench coat',
        'business suit',
        'tuxedo',
        'raincoat',
        'denim jacket',
        'bomber jacket',
        'puffer jacket',
      ],
      dress: ['gown', 'wedding dress', 'ball gown', 'evening gown', 'sundress', 'kimono', 'robe', 'frock'],
      trousers: ['pants', 'jeans', 'shorts', 'slacks', 'leggings', 'pair of jeans'],
      skirt: ['kilt', 'tutu', 'miniskirt'],
      glove: [
        'gloves',
        'mitten',
        'mittens',
        'boxing glove',
        'baseball glove',
        'baseball mitt',
        'oven mitt',
        'gauntlet',
      ],
      scarf: ['shawl', 'bandana', 'muffler'],
      sock: ['socks', 'stocking', 'christmas stocking'],
      necktie: ['tie', 'bow tie', 'bowtie', 'cravat'],
    },
  ),
  f('cookware', 'vessel', 'cookware', ['pan#1', 'cooking utensil#1', 'dutch oven#2'], {
    skillet: ['frying pan', 'frypan', 'cast iron skillet', 'cast iron pan', 'griddle'],
    wok: [],
    saucepan: ['sauce pan', 'sauce pot'],
    stockpot: ['stock pot', 'cooking pot', 'dutch oven', 'soup pot', 'casserole pot'],
  }),
];

/** Anchors added to families defined elsewhere: the WordNet branches their generator now builds. */
export const MADE_ANCHORS: Record<string, string[]> = {
  // Prepared food of every kind reaches the dish family, whose form is read from the dish's own gloss.
  // An autogyro flies on an unpowered rotor: the rotorcraft's row, not the airplane standing in.
  helicopter: ['drone#4', 'autogiro#1'],
  landmark: ['megalith#1', 'triumphal arch#1', 'sphinx#3', 'opera house#1', 'amphitheater#1'],
  tractor: ['harvester#2', 'combine#1'],
  // A cassette (WordNet's container of magnetic tape) is a device of the appliance family's, not a crate;
  // a doorbell, WordNet's push button also called "bell", stays a household device (see drum below).
  appliance: ['cassette#1', 'doorbell#1'],
  // A bell (a cowbell, a church bell, a sleigh bell) is WordNet's "acoustic device", not a musical
  // instrument; the percussion family reads it as the bell its description names.
  drum: ['bell#1'],
  // Coffins (a casket, a sarcophagus) are a row of the household and workshop things, not the crate standing in.
  'household-thing': ['coffin#1'],
  // Exercise machines (a treadmill, an exercise bike) are gym gear, not household appliances.
  'sports-gear': ['exercise device#1'],
  // Utensils, strainers and cleaning implements are hand implements, each read from its own description.
  'hand-tool': ['kitchen utensil#1', 'strainer#1', 'cleaning implement#1'],
  dish: [
    'dish#2',
    'pasta#1',
    'soup#1',
    'stew#2',
    'salad#1',
    'sandwich#1',
    'dumpling#1',
    'casserole#1',
    'beverage#1',
    'drink#1',
    'pastry#2',
    'waffle#1',
    'quick bread#1',
    'pasta#2',
    'meat#1',
    'cereal#3',
    // A dessert that is no cake or pie (a trifle, a pavlova, a mousse) is read as what its description
    // says (layers in a glass, a mound with cream), not stood in for by the cake.
    'dessert#1',
  ],
};

/**
 * Profiles added to families and categories defined elsewhere (profile → the words that pick it);
 * they come before the family's own rows, so "trombone" picks its own row, not the trumpet's.
 */
export const MADE_PROFILES: Record<string, Record<string, string[]>> = {
  landmark: {
    stonehenge: ['stone henge', 'stone circle', 'megalith', 'dolmen', 'cromlech'],
    torii: ['torii gate', 'japanese gate', 'shrine gate'],
    sphinx: ['great sphinx', 'sphinx of giza'],
    'triumphal arch': ['arc de triomphe', 'arc de triomf', 'victory arch', 'arch of triumph'],
    temple: ['greek temple', 'parthenon', 'acropolis', 'roman temple', 'pantheon'],
    'opera house': ['sydney opera house'],
    colosseum: ['coliseum', 'roman colosseum', 'amphitheatre', 'amphitheater'],
    'taj mahal': ['tajmahal'],
    'great wall': ['great wall of china', 'chinese wall'],
    'statue of liberty': ['lady liberty', 'liberty statue'],
    'christ the redeemer': ['cristo redentor'],
    moai: ['moai head', 'moai statue', 'easter island head', 'easter island statue', 'moais'],
    'leaning tower of pisa': ['leaning tower', 'tower of pisa', 'pisa tower'],
    'big ben': ['elizabeth tower'],
  },
  church: { mosque: ['masjid'], temple: [] },
  drum: { gong: ['tam tam', 'tamtam'], xylophone: ['marimba', 'glockenspiel', 'vibraphone'] },
  piano: {
    theremin: [],
    synthesizer: ['synth', 'synthesiser', 'analog synthesizer', 'modular synth', 'keytar'],
    kalimba: ['thumb piano', 'mbira'],
  },
  'wind-instrument': { didgeridoo: ['didjeridu', 'didgeridu'], trombone: [] },
  object: {
    anvil: [],
    'piggy bank': ['piggybank', 'money box', 'penny bank'],
    'snow globe': ['snowglobe', 'snow dome'],
    matryoshka: ['nesting doll', 'russian doll', 'matryoshka doll', 'babushka doll'],
    mace: ['flail', 'morning star', 'war club', 'spiked mace'],
    shuriken: ['throwing star', 'ninja star'],
  },
  cake: {
    muffin: ['muffins', 'blueberry muffin', 'chocolate muffin'],
    pie: [
      'pot pie',
      'apple pie',
      'cherry pie',
      'pumpkin pie',
      'shepherd pie',
      'cottage pie',
      'meat pie',
      'tart',
      'quiche',
    ],
  },
  donut: { bagel: ['bagels', 'everything bagel', 'beigel'] },
  pizza: {
    cookie: ['cookies', 'chocolate chip cookie', 'biscuit'],
    'fortune cookie': [],
    pancake: ['pancakes', 'flapjack', 'flapjacks', 'hotcake', 'hotcakes', 'crepe', 'crepes'],
  },
  burger: {
    burger: ['hamburger', 'cheeseburger', 'veggie burger', 'burgers'],
    sandwich: [
      'club sandwich',
      'sub',
      'submarine sandwich',
      'blt',
      'tuna sandwich',
      'grilled cheese',
      'panini',
      'sandwiches',
    ],
  },
  bread: { 'cinnamon roll': ['cinnamon bun', 'cinnamon rolls', 'sweet roll', 'cinnamon swirl'] },
  bowl: { cauldron: ['caldron', 'witch cauldron'], plate: ['platter', 'dinner plate', 'saucer', 'serving plate'] },
  // A can (of soda, of beans, of paint) is a sealed metal cylinder with rims, not a lidded glass jar.
  // A fuel can is flat-sided, with a handle and a spout.
  jar: {
    can: [
      'tin can',
      'soda can',
      'beer can',
      'drink can',
      'drinks can',
      'aluminum can',
      'aluminium can',
      'paint can',
      'food can',
      'can of soda',
      'can of beans',
    ],
    'jerry can': ['jerrycan', 'jerrican', 'gas can', 'fuel can', 'petrol can', 'gasoline can'],
    churn: ['butter churn', 'milk churn', 'milk can', 'dairy churn'],
  },
  // A coffin is a six-sided box lying flat with a lid, a sarcophagus the stone one: not the crate standing in.
  'sports-gear': {
    treadmill: ['running machine', 'treadmills'],
    'rowing machine': ['ergometer', 'indoor rower', 'rowing ergometer'],
    'exercise bike': ['stationary bike', 'exercycle', 'spin bike', 'exercise bicycle', 'stationary bicycle', 'peloton'],
  },
  'household-thing': { coffin: ['casket', 'sarcophagus', 'vampire coffin', 'wooden coffin'] },
  appliance: {
    'air fryer': ['airfryer'],
    'slow cooker': ['crockpot', 'crock pot', 'crock-pot'],
    'arcade machine': ['arcade cabinet', 'arcade game', 'arcade', 'claw machine', 'crane game', 'claw crane'],
    keyboard: ['computer keyboard', 'mechanical keyboard', 'gaming keyboard'],
    // A computer mouse is a palm-sized pointing device, not the rodent; an arcade joystick is a stick on a base, not a gamepad.
    'computer mouse': ['gaming mouse', 'wireless mouse', 'optical mouse', 'mouse pointer'],
    joystick: ['arcade stick', 'arcade joystick', 'fight stick', 'flight stick'],
    headphones: ['headphone', 'earphones', 'headset', 'gaming headset'],
    microphone: ['mic', 'studio microphone', 'podcast microphone'],
    printer: ['3d printer', 'inkjet printer', 'laser printer'],
    dishwasher: ['dish washer'],
    'air conditioner': ['ac unit', 'air conditioning unit'],
    tablet: ['ipad', 'tablet computer'],
    'game console': ['video game console', 'games console', 'playstation', 'xbox'],
    projector: ['film projector', 'movie projector', 'slide projector', 'video projector'],
    smartwatch: ['smart watch', 'apple watch', 'fitness tracker'],
    'vr headset': ['virtual reality headset', 'oculus'],
    'cassette tape': ['cassette', 'audio cassette', 'audiocassette', 'compact cassette', 'mixtape'],
    videotape: ['vhs tape', 'vhs cassette', 'video cassette', 'videocassette', 'video tape', 'vhs'],
  },
  helicopter: {
    drone: ['quadcopter', 'quad copter', 'camera drone', 'quadrocopter'],
    autogyro: ['autogiro', 'gyrocopter', 'gyroplane', 'gyro copter'],
  },
  // Light aircraft with a sail, not a fuselage: rows of the airplane.
  airplane: {
    'hang glider': ['hang-glider', 'hangglider', 'delta wing glider'],
    paraglider: ['paraglider wing', 'paragliding wing', 'paramotor'],
  },
  tractor: { 'combine harvester': ['combine', 'harvester', 'combine harvesters'] },
  'construction-machine': { crane: ['mobile crane', 'tower crane', 'crane truck', 'construction crane'] },
  hat: { beret: [], fez: ['tarboosh'] },
  apple: {
    mango: [],
    'dragon fruit': ['pitaya', 'pitahaya'],
    kiwi: ['kiwi fruit', 'kiwifruit'],
    coconut: [],
    pomegranate: [],
    lime: [],
  },
  // The carrot's, the pear's and the banana's own rows, so any other fruit or vegetable is read from its own description (OWN_FORMS below).
  carrot: { carrot: [] },
  pear: { pear: [] },
  banana: { banana: [] },
  // The ring's own row, so other jewellery is read from its own description (OWN_FORMS below).
  ring: { ring: ['wedding ring', 'engagement ring', 'signet ring'] },
  // The house's own row, so other buildings are read from their own description (OWN_FORMS below).
  house: { house: ['home', 'dwelling'] },
  // The dagger's own row, so other knives are read from their own description (OWN_FORMS below).
  dagger: { dagger: ['dirk', 'poniard'] },
  // The bicycle's own row, so other cycles are read from their own description (OWN_FORMS below).
  bicycle: { bicycle: ['bike', 'cycle', 'push bike', 'road bike'] },
  // Dishes WordNet lacks, each described in ./dish-reading.ts; their words must reach the dish family.
  dish: {
    ...Object.fromEntries(Object.keys(DISH_DESCRIPTIONS).map((d) => [d, []])),
    bao: ['bao bun', 'bao buns', 'steamed bun', 'steamed buns', 'baozi'],
    nachos: ['nacho'],
    bento: ['bento box'],
    onigiri: ['rice ball', 'rice balls'],
    churros: ['churro'],
    gyoza: ['potsticker', 'potstickers'],
    mochi: [],
    macaron: ['macarons', 'macaroon'],
  },
};

/** True when a word is one of the garment family's hand-built rows (a shirt, a glove). */
function garmentRow(word: string): boolean {
  return Object.hasOwn(MADE_CATEGORIES.find((e) => e.id === 'garment')?.profiles ?? {}, word);
}

/** The drum family's hand-built rows (the drum, a drum kit) and those added here (a gong, a xylophone). */
const DRUM_ROWS = new Set(['drum', 'drum kit', ...Object.keys(MADE_PROFILES.drum)]);

/** The hand-tool family's hand-built rows (a wrench, a saw). */
const HAND_TOOL_ROWS = FAMILY_CATEGORIES.find((e) => e.id === 'hand-tool')?.profiles ?? {};

/** Dishes with a hand-built form (generators/families/dishes.ts): their description does not describe what is made. */
const HAND_BUILT_DISHES = new Set(Object.keys(FAMILY_CATEGORIES.find((e) => e.id === 'dish')?.profiles ?? {}));

/**
 * Nouns a family builds from their own description, with no row of their own: bench/text-solids.ts
 * builds them with the family's rows, one of each body form and vessel the description reader gives.
 */
export const MADE_EXAMPLES: Record<string, string[]> = {
  dish: [
    'paella',
    'lasagna',
    'soup',
    'stew',
    'curry',
    'risotto',
    'spaghetti',
    'kebab',
    'burrito',
    'salad',
    'fish and chips',
    'waffle',
    'milkshake',
    'sandwich',
    'dumpling',
    'eclair',
    'falafel',
    'moussaka',
    'tamale',
    'omelet',
    'goulash',
    'casserole',
    'coffee',
  ],
};

/** How a family that builds nouns from their own description names and describes what it makes. */
export interface OwnForms {
  /** The name the noun is made under ("belgian waffles" → waffle), or undefined when nothing says how it looks. */
  name(word: string): string | undefined;
  /** The summary's description of the form a name was read as ("dish: rice mound in a pan"). */
  label(name: string): string | undefined;
  /**
   * True when a reading exists only where the noun differs from the family's row (a unicycle's one
   * wheel, a stiletto's thin blade): then even a kind of a row is made from its own description.
   */
  kindsToo?: boolean;
  /** True when the noun's own form beats a row it is a kind of (an animal's own definition over its family's row). */
  beforeRows?: boolean;
  /** The name of a class of the noun made from its own description, where no row and nothing of the noun's own does. */
  className?(word: string): string | undefined;
}

/** The one-word lemmas of a compound's first sense, its own last word first. */
function oneWordSynonyms(word: string): string[] {
  const sense = nounSenses(word)[0];
  if (sense === undefined) return [];
  const single = readSynset(sense).words.filter((w) => !w.includes(' ') && !w.includes('-'));
  const last = word.split(' ').at(-1)!;
  return single.includes(last) ? [last, ...single.filter((w) => w !== last)] : single;
}

/**
 * Fruit and vegetables read from their own description (./produce-reading.ts): a noun with no row of
 * the category's is made as itself when its description says how it looks ("papaya: large yellow oval fruit").
 */
function produceForms(category: string): OwnForms {
  // The category's hand-built rows (an orange, a pumpkin) keep their own form.
  const isRow = (word: string) =>
    Object.hasOwn(MADE_PROFILES[category] ?? {}, word) || Object.hasOwn(CORE_PROFILES[category] ?? {}, word);
  return {
    name(word) {
      if (isRow(word)) return undefined;
      const singular = word.replace(/(?<=[^s])s$/, '');
      if (singular !== word && !isRow(singular) && produceForm(singular)) return singular;
      const form = produceForm(word);
      if (!form) return undefined;
      // A compound goes by a one-word name of the same meaning ("globe artichoke" is an artichoke,
      // "alligator pear" an avocado) when that name reads as the same form.
      const synonym = word.includes(' ')
        ? oneWordSynonyms(word).find((w) => !isRow(w) && produceForm(w)?.summary === form.summary)
        : undefined;
      return synonym ?? word;
    },
    label(name) {
      if (isRow(name)) return undefined;
      return produceForm(name)?.summary;
    },
  };
}

/** Categories whose form stands in for a broad branch of artifacts (../catalog-broad.ts). */
export const SHAPE_READ_CATEGORIES = [
  'teddy-bear',
  'appliance',
  'crate',
  'jar',
  'house',
  'cabinet',
  'object',
  'toy',
  'sports-gear',
];

const BROAD_WORDS = new Set(BROAD_ANCHORS.map(([a]) => a.split('#')[0]));

function shapeForms(category: string): OwnForms {
  // Built on first use, once: the row tables are read after every catalogue module has loaded.
  let rowWords: Set<string> | undefined;
  const isRow = (word: string) =>
    (rowWords ??= new Set(
      [
        MADE_PROFILES[category],
        PLAY_PROFILES[category],
        ...[...FAMILY_CATEGORIES, ...PLAY_CATEGORIES].filter((e) => e.id === category).map((e) => e.profiles),
      ].flatMap((p) => Object.entries(p ?? {}).flatMap(([row, ws]) => [row, ...ws])),
    )).has(word);
  return {
    // A broad anchor's own word ("sheet", "plaything") is the branch, not a kind in it.
    name: (word) => (isRow(word) || BROAD_WORDS.has(word) || !shapeForm(word) ? undefined : word),
    label(name) {
      const summary = isRow(name) ? undefined : shapeForm(name)?.summary;
      return summary === undefined ? undefined : `read as ${/^[aeiou]/.test(summary) ? 'an' : 'a'} ${summary}`;
    },
  };
}

const SHAPE_FORMS: Record<string, OwnForms> = Object.fromEntries(SHAPE_READ_CATEGORIES.map((c) => [c, shapeForms(c)]));

/**
 * Families whose generator builds a noun from what is known of it, so a noun with no row of its own is
 * still made as itself: the noun becomes the profile, and the label says what form it was read as.
 */
export const OWN_FORMS: Record<string, OwnForms> = {
  // Animals whose definition says how they look (./animal-reading.ts).
  ...animalOwnForms(
    (category) => CORE_PROFILES[category] ?? FAMILY_CATEGORIES.find((e) => e.id === category)?.profiles ?? {},
  ),
  // Broad stand-ins (a plaything, a device, a container, a structure, furniture): a noun whose description
  // names a plain solid ("a light, plastic disk") is made as that solid, not as the stand-in.
  ...SHAPE_FORMS,
  apple: produceForms('apple'),
  carrot: produceForms('carrot'),
  pear: produceForms('pear'),
  house: {
    // A building whose description says how it is built (a shed, a barn, a coop) is made as that;
    // one met only as a broad "structure" may still read as a plain solid.
    name: (word) => (word === 'house' ? undefined : buildingForm(word) ? word : SHAPE_FORMS.house.name(word)),
    label: (name) => (name === 'house' ? undefined : (buildingForm(name)?.summary ?? SHAPE_FORMS.house.label(name))),
  },
  dagger: {
    // A knife is made as its description says; a compound that is a kind of its last noun ("kitchen
    // knife", "steak knife") is made as that noun.
    name(word) {
      if (word === 'dagger') return undefined;
      const last = word.split(' ').at(-1)!;
      if (knifeForm(word)) return word;
      return kindOfLastWord(word) && last !== 'dagger' && knifeForm(last) ? last : undefined;
    },
    label: (name) => (name === 'dagger' ? undefined : knifeForm(name)?.summary),
    kindsToo: true,
  },
  drum: {
    // A percussion instrument whose description says how it looks (a tall narrow drum, a gourd shaker)
    // is made as itself; a drum it says nothing of is the family's drum.
    name: (word) => (DRUM_ROWS.has(word) || !percussionForm(word) ? undefined : word),
    label: (name) => (DRUM_ROWS.has(name) ? undefined : percussionForm(name)?.summary),
    kindsToo: true,
  },
  bicycle: {
    // A cycle whose description gives its wheels or seats (a unicycle, a tandem) is made as itself.
    name: (word) => (['bicycle', 'bike', 'cycle'].includes(word) || !cycleForm(word) ? undefined : word),
    label: (name) => (['bicycle', 'bike', 'cycle'].includes(name) ? undefined : cycleForm(name)?.summary),
    kindsToo: true,
  },
  // A grass (bamboo, wheat, pampas grass) the potted plant or the flower stood in for is made as its
  // description says: jointed canes, stalks with grain ears, plumes or blades.
  ...Object.fromEntries(
    ['potted-plant', 'flower'].map((category) => [
      category,
      {
        name: (word: string) => (grassForm(word) ? word : undefined),
        label: (name: string) => grassForm(name)?.summary,
      },
    ]),
  ),
  sword: {
    // A weapon WordNet files only as a weapon (brass knuckles, a flamethrower, a boomerang, a bomb) is
    // made as its description says, not as the sword standing in; blades keep the sword.
    name: (word) => (weaponForm(word) ? word : undefined),
    label: (name) => weaponForm(name)?.summary,
  },
  ring: {
    // Jewellery that is no ring (a necklace, a brooch, earrings) is made as its description says.
    name: (word) => (word === 'ring' || !jewelryForm(word) ? undefined : word),
    label: (name) => (name === 'ring' ? undefined : jewelryForm(name)?.summary),
  },
  garment: {
    // An upper or full-length garment with no row of its own is cut as its description says.
    name: (word) => (garmentRow(word) || !garmentForm(word) ? undefined : word),
    label: (name) => (garmentRow(name) ? undefined : garmentForm(name)?.summary),
  },
  'hand-tool': {
    // An implement with no row of its own is made from its description: its handle and its working head.
    name(word) {
      if (Object.hasOwn(HAND_TOOL_ROWS, word)) return undefined;
      // A compound that is a kind of its own last noun ("wood chisel", "garden rake") is made as that noun.
      const last = word.split(' ').at(-1)!;
      if (kindOfLastWord(word) && !Object.hasOwn(HAND_TOOL_ROWS, last) && implementForm(last)) return last;
      return implementForm(word) ? word : undefined;
    },
    label: (name) =>
      Object.hasOwn(HAND_TOOL_ROWS, name)
        ? undefined
        : implementForm(name) && `hand tool: ${implementForm(name)!.summary}`,
  },
  banana: produceForms('banana'),
  dish: {
    name(word) {
      if (HAND_BUILT_DISHES.has(word)) return undefined;
      // Chocolate as a solid (dark, milk, white chocolate) is a bar, not WordNet's first chocolate, the drink.
      if (/^((dark|milk|white|bitter|plain) )?chocolates?$/.test(word)) return 'chocolate';
      if (!readDish(word)) return undefined;
      // A compound that is a kind of its own last noun ("belgian waffle", "chocolate eclair") is made as that noun.
      const last = word.split(' ').at(-1)!;
      const base = kindOfLastWord(word) ? last : word;
      const singular = base.replace(/s$/, '');
      return singular !== base && readDish(singular) && !DISH_DESCRIPTIONS[base] ? singular : base;
    },
    label(name) {
      if (HAND_BUILT_DISHES.has(name)) return undefined;
      if (name === 'chocolate') return 'dish: bar of chocolate moulded in squares';
      const form = readDish(name);
      return form && `dish: ${form.summary}`;
    },
  },
};

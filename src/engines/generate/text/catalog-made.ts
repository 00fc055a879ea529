/**
 * Forms for object kinds no other family covered (issue 16, "beyond the catalogue"): dishes read from
 * their own description, furniture and fixtures of a home, spacecraft, small three-wheeled vehicles,
 * and more landmarks. Kept apart from ./catalog-families.ts so the two lists grow without conflict;
 * ./catalog.ts merges them.
 */
import type { CategoryEntry, Family } from './catalog-types.ts';
import { CORE_PROFILES, FAMILY_CATEGORIES } from './catalog-families.ts';
import { DISH_DESCRIPTIONS, readDish } from './dish-reading.ts';
import { animalOwnForms } from './animal-reading.ts';
import { nounSenses, readSynset } from './understand/wordnet.ts';

/** True when a compound's first sense has its own last word among its direct hypernyms' lemmas. */
function kindOfLastWord(word: string): boolean {
  const parts = word.split(' ');
  if (parts.length < 2) return false;
  const last = parts.at(-1)!.replace(/s$/, '');
  const sense = nounSenses(word)[0] ?? nounSenses(word.replace(/s$/, ''))[0];
  return sense !== undefined && readSynset(sense).hypernyms.some((h) => readSynset(h).words.some((w) => w === last || w === parts.at(-1)));
}

const f = (id: string, family: Family, label: string, anchors: string[], profiles: Record<string, string[]>, examples: string[] = []): CategoryEntry => ({
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
  { id: 'human-skeleton', family: 'prop', label: 'skeleton', anchors: [], profiles: { 'human skeleton': ['anatomical skeleton', 'skeleton model', 'full skeleton', 'halloween skeleton', 'standing skeleton'] },
    words: ['human skeleton', 'anatomical skeleton', 'skeleton model', 'full skeleton', 'halloween skeleton', 'standing skeleton'] },
  f('fixture', 'furniture', 'home and street fixture', ['plumbing fixture#1', 'bathtub#1', 'fireplace#1', 'mirror#1', 'hammock#2', 'radiator#2', 'door#1', 'window#1', 'fence#1', 'staircase#1', 'telephone booth#1', 'booth#2', 'vending machine#1'], {
    bathtub: ['bath tub', 'bath', 'tub', 'clawfoot tub', 'clawfoot bathtub', 'jacuzzi', 'hot tub'], toilet: ['commode', 'lavatory', 'urinal', 'bidet'],
    sink: ['washbasin', 'wash basin', 'basin sink', 'kitchen sink', 'bathroom sink'], shower: ['shower stall', 'shower cabin'],
    fireplace: ['hearth', 'fire place', 'wood stove', 'woodstove'], mirror: ['looking glass', 'vanity mirror', 'full length mirror'],
    hammock: [], radiator: [], door: ['front door', 'doors'], window: ['windows'], fence: ['picket fence', 'fencing', 'railing'],
    staircase: ['stairs', 'stairway', 'steps', 'spiral staircase'], 'phone booth': ['telephone booth', 'telephone box', 'phone box', 'call box', 'kiosk'],
    'vending machine': ['soda machine', 'snack machine'],
  }),
  f('spacecraft', 'vehicle', 'spacecraft', ['satellite#1', 'space station#1', 'lunar excursion module#1', 'space capsule#1', 'space probe#1'], {
    satellite: ['communications satellite', 'weather satellite', 'space probe', 'probe', 'sputnik'], 'space station': ['international space station', 'orbital station'],
    'mars rover': ['lunar rover', 'moon rover', 'moon buggy', 'curiosity rover', 'planetary rover', 'space rover'], 'lunar lander': ['lander', 'moon lander', 'lunar module'],
    capsule: ['space capsule', 'crew capsule', 'command module'],
  }),
  f('small-vehicle', 'vehicle', 'small vehicle (three wheels, runners or a ride-on seat)', ['snowmobile#1', 'go-kart#1', 'golf cart#1', 'lawn mower#1', 'jinrikisha#1'], {
    'tuk-tuk': ['tuk tuk', 'tuktuk', 'auto rickshaw', 'autorickshaw', 'three wheeler', 'trike'], rickshaw: ['jinrikisha', 'pedicab', 'cycle rickshaw'],
    sled: ['sledge', 'sleigh', 'toboggan', 'bobsled'], snowmobile: ['snow mobile', 'skidoo'], atv: ['quad bike', 'four wheeler', 'all terrain vehicle'],
    'go-kart': ['go kart', 'gokart', 'kart', 'soapbox car'], 'golf cart': ['golfcart', 'golf buggy'], 'lawn mower': ['lawnmower', 'mower', 'ride on mower', 'ride on lawn mower', 'riding mower', 'riding lawn mower'],
    'jet ski': ['jetski', 'waverunner', 'personal watercraft'], segway: ['hoverboard'],
  }),
  f('outdoor', 'building', 'garden and playground structure', ['jungle gym#1', 'sandbox#2', 'bird feeder#1', 'swing#2', 'slide#4', 'seesaw#1', 'trampoline#1', 'gazebo#1', 'greenhouse#1', 'kennel#1', 'birdhouse#1', 'campfire#1', 'barbecue#3', 'fountain#1', 'fountain#4', 'birdbath#1', 'hay bale#1'], {
    'swing set': ['swingset', 'swings', 'playground swing', 'tire swing'], slide: ['playground slide', 'water slide', 'slippery slide'],
    seesaw: ['see saw', 'teeter totter', 'teeter-totter'], trampoline: [], gazebo: ['summerhouse', 'bandstand', 'pergola'],
    greenhouse: ['glasshouse', 'hothouse', 'conservatory'], doghouse: ['dog house', 'kennel', 'dog kennel'], birdhouse: ['bird house', 'nest box', 'nesting box'],
    campfire: ['camp fire', 'bonfire', 'fire pit', 'firepit'], barbecue: ['bbq', 'barbeque', 'barbecue grill', 'charcoal grill', 'kettle grill'],
    fountain: ['water fountain', 'garden fountain'], 'bird bath': ['birdbath'], 'hay bale': ['haybale', 'bale of hay', 'straw bale'],
    'jungle gym': ['monkey bars', 'climbing frame'], 'merry-go-round': ['merry go round', 'roundabout', 'playground carousel'],
    sandbox: ['sandpit', 'sand box', 'sand pit'], 'bird feeder': ['birdfeeder'],
  }),
  // Anchored at kinds of garment, not at "garment" or "clothing": those also sit above nouns whose
  // first meaning is a person ("a lumberjack" is also a jacket) or another thing ("a hose").
  f('garment', 'prop', 'garment', ['shirt#1', 'sweater#1', 'skirt#2', 'dress#1', 'gown#1', 'trousers#1', 'scarf#1', 'sock#1', 'glove#2', 'glove#1', 'glove#3', 'neckwear#1', 'swimsuit#1', 'vest#1'], {
    't-shirt': ['t shirt', 'tshirt', 'tee shirt', 'tank top', 'jersey', 'football jersey'],
    shirt: ['blouse', 'sweater', 'jumper', 'hoodie', 'sweatshirt', 'pullover', 'cardigan', 'polo shirt', 'dress shirt', 'button up shirt'],
    jacket: ['coat', 'blazer', 'leather jacket', 'parka', 'overcoat', 'trench coat', 'business suit', 'tuxedo', 'raincoat', 'denim jacket', 'bomber jacket', 'puffer jacket'],
    dress: ['gown', 'wedding dress', 'ball gown', 'evening gown', 'sundress', 'kimono', 'robe', 'frock'],
    trousers: ['pants', 'jeans', 'shorts', 'slacks', 'leggings', 'pair of jeans'], skirt: ['kilt', 'tutu', 'miniskirt'],
    glove: ['gloves', 'mitten', 'mittens', 'boxing glove', 'baseball glove', 'baseball mitt', 'oven mitt', 'gauntlet'],
    scarf: ['shawl', 'bandana', 'muffler'], sock: ['socks', 'stocking', 'christmas stocking'], necktie: ['tie', 'bow tie', 'bowtie', 'cravat'],
  }),
  f('cookware', 'vessel', 'cookware', ['pan#1', 'cooking utensil#1', 'dutch oven#2'], {
    skillet: ['frying pan', 'frypan', 'cast iron skillet', 'cast iron pan', 'griddle'], wok: [], saucepan: ['sauce pan', 'sauce pot'],
    stockpot: ['stock pot', 'cooking pot', 'dutch oven', 'soup pot', 'casserole pot'],
  }),
];

/** Anchors added to families defined elsewhere: the WordNet branches their generator now builds. */
export const MADE_ANCHORS: Record<string, string[]> = {
  // Prepared food of every kind reaches the dish family, whose form is read from the dish's own gloss.
  helicopter: ['drone#4'],
  landmark: ['megalith#1', 'triumphal arch#1', 'sphinx#3', 'opera house#1', 'amphitheater#1'],
  tractor: ['harvester#2', 'combine#1'],
  dish: ['dish#2', 'pasta#1', 'soup#1', 'stew#2', 'salad#1', 'sandwich#1', 'dumpling#1', 'casserole#1', 'beverage#1', 'drink#1',
    'pastry#2', 'waffle#1', 'quick bread#1', 'pasta#2', 'meat#1', 'cereal#3'],
};

/**
 * Profiles added to families and categories defined elsewhere (profile → the words that pick it);
 * they come before the family's own rows, so "trombone" picks its own row, not the trumpet's.
 */
export const MADE_PROFILES: Record<string, Record<string, string[]>> = {
  landmark: {
    stonehenge: ['stone henge', 'stone circle', 'megalith', 'dolmen', 'cromlech'], torii: ['torii gate', 'japanese gate', 'shrine gate'],
    sphinx: ['great sphinx', 'sphinx of giza'], 'triumphal arch': ['arc de triomphe', 'arc de triomf', 'victory arch', 'arch of triumph'],
    temple: ['greek temple', 'parthenon', 'acropolis', 'roman temple', 'pantheon'], 'opera house': ['sydney opera house'],
    colosseum: ['coliseum', 'roman colosseum', 'amphitheatre', 'amphitheater'],
    'taj mahal': ['tajmahal'], 'great wall': ['great wall of china', 'chinese wall'], 'statue of liberty': ['lady liberty', 'liberty statue'],
    'christ the redeemer': ['cristo redentor'], moai: ['moai head', 'moai statue', 'easter island head', 'easter island statue', 'moais'],
    'leaning tower of pisa': ['leaning tower', 'tower of pisa', 'pisa tower'], 'big ben': ['elizabeth tower'],
  },
  church: { mosque: ['masjid'], temple: [] },
  drum: { gong: ['tam tam', 'tamtam'], xylophone: ['marimba', 'glockenspiel', 'vibraphone'] },
  piano: { theremin: [], synthesizer: ['synth', 'synthesiser', 'analog synthesizer', 'modular synth', 'keytar'], kalimba: ['thumb piano', 'mbira'] },
  'wind-instrument': { didgeridoo: ['didjeridu', 'didgeridu'], trombone: [] },
  object: {
    anvil: [], 'piggy bank': ['piggybank', 'money box', 'penny bank'], 'snow globe': ['snowglobe', 'snow dome'],
    matryoshka: ['nesting doll', 'russian doll', 'matryoshka doll', 'babushka doll'],
    mace: ['flail', 'morning star', 'war club', 'spiked mace'], shuriken: ['throwing star', 'ninja star'],
  },
  cake: { muffin: ['muffins', 'blueberry muffin', 'chocolate muffin'], pie: ['pot pie', 'apple pie', 'cherry pie', 'pumpkin pie', 'shepherd pie', 'cottage pie', 'meat pie', 'tart', 'quiche'] },
  donut: { bagel: ['bagels', 'everything bagel', 'beigel'] },
  pizza: { cookie: ['cookies', 'chocolate chip cookie', 'biscuit'], 'fortune cookie': [], pancake: ['pancakes', 'flapjack', 'flapjacks', 'hotcake', 'hotcakes', 'crepe', 'crepes'] },
  burger: { burger: ['hamburger', 'cheeseburger', 'veggie burger', 'burgers'], sandwich: ['club sandwich', 'sub', 'submarine sandwich', 'blt', 'tuna sandwich', 'grilled cheese', 'panini', 'sandwiches'] },
  bread: { 'cinnamon roll': ['cinnamon bun', 'cinnamon rolls', 'sweet roll', 'cinnamon swirl'] },
  bowl: { cauldron: ['caldron', 'witch cauldron'], plate: ['platter', 'dinner plate', 'saucer', 'serving plate'] },
  appliance: {
    'air fryer': ['airfryer'], 'slow cooker': ['crockpot', 'crock pot', 'crock-pot'], 'arcade machine': ['arcade cabinet', 'arcade game', 'arcade'],
    keyboard: ['computer keyboard', 'mechanical keyboard', 'gaming keyboard'],
    headphones: ['headphone', 'earphones', 'headset', 'gaming headset'], microphone: ['mic', 'studio microphone', 'podcast microphone'],
    printer: ['3d printer', 'inkjet printer', 'laser printer'], dishwasher: ['dish washer'], 'air conditioner': ['ac unit', 'air conditioning unit'],
    tablet: ['ipad', 'tablet computer'], 'game console': ['video game console', 'games console', 'playstation', 'xbox'],
    projector: ['film projector', 'movie projector', 'slide projector', 'video projector'], smartwatch: ['smart watch', 'apple watch', 'fitness tracker'], 'vr headset': ['virtual reality headset', 'oculus'],
  },
  helicopter: { drone: ['quadcopter', 'quad copter', 'camera drone', 'quadrocopter'] },
  tractor: { 'combine harvester': ['combine', 'harvester', 'combine harvesters'] },
  'construction-machine': { crane: ['mobile crane', 'tower crane', 'crane truck', 'construction crane'] },
  hat: { beret: [], fez: ['tarboosh'] },
  apple: { mango: [], 'dragon fruit': ['pitaya', 'pitahaya'], kiwi: ['kiwi fruit', 'kiwifruit'], coconut: [], pomegranate: [], lime: [] },
  // Dishes WordNet lacks, each described in ./dish-reading.ts; their words must reach the dish family.
  dish: {
    ...Object.fromEntries(Object.keys(DISH_DESCRIPTIONS).map((d) => [d, []])),
    bao: ['bao bun', 'bao buns', 'steamed bun', 'steamed buns', 'baozi'], nachos: ['nacho'], bento: ['bento box'], onigiri: ['rice ball', 'rice balls'],
    churros: ['churro'], gyoza: ['potsticker', 'potstickers'], mochi: [], macaron: ['macarons', 'macaroon'],
  },
};

/** Dishes with a hand-built form (generators/families/dishes.ts): their description does not describe what is made. */
const HAND_BUILT_DISHES = new Set(Object.keys(FAMILY_CATEGORIES.find((e) => e.id === 'dish')?.profiles ?? {}));

/**
 * Nouns a family builds from their own description, with no row of their own: bench/text-solids.ts
 * builds them with the family's rows, one of each body form and vessel the description reader gives.
 */
export const MADE_EXAMPLES: Record<string, string[]> = {
  dish: [
    'paella', 'lasagna', 'soup', 'stew', 'curry', 'risotto', 'spaghetti', 'kebab', 'burrito', 'salad', 'fish and chips', 'waffle',
    'milkshake', 'sandwich', 'dumpling', 'eclair', 'falafel', 'moussaka', 'tamale', 'omelet', 'goulash', 'casserole', 'coffee',
  ],
};

/** How a family that builds nouns from their own description names and describes what it makes. */
export interface OwnForms {
  /** The name the noun is made under ("belgian waffles" → waffle), or undefined when nothing says how it looks. */
  name(word: string): string | undefined;
  /** The summary's description of the form a name was read as ("dish: rice mound in a pan"). */
  label(name: string): string | undefined;
  /** True when the noun's own form beats a row it is a kind of (an animal's own definition over its family's row). */
  beforeRows?: boolean;
}

/**
 * Families whose generator builds a noun from what is known of it, so a noun with no row of its own is
 * still made as itself: the noun becomes the profile, and the label says what form it was read as.
 */
export const OWN_FORMS: Record<string, OwnForms> = {
  // Animals whose definition says how they look (./animal-reading.ts).
  ...animalOwnForms((category) => CORE_PROFILES[category] ?? FAMILY_CATEGORIES.find((e) => e.id === category)?.profiles ?? {}),
  dish: {
    name(word) {
      if (HAND_BUILT_DISHES.has(word) || !readDish(word)) return undefined;
      // A compound that is a kind of its own last noun ("belgian waffle", "chocolate eclair") is made as that noun.
      const last = word.split(' ').at(-1)!;
      const base = kindOfLastWord(word) ? last : word;
      const singular = base.replace(/s$/, '');
      return singular !== base && readDish(singular) && !DISH_DESCRIPTIONS[base] ? singular : base;
    },
    label(name) {
      if (HAND_BUILT_DISHES.has(name)) return undefined;
      const form = readDish(name);
      return form && `dish: ${form.summary}`;
    },
  },
};

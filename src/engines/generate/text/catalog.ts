/**
 * The object categories the text engine can build, the words that name them directly, and the
 * WordNet synsets (`lemma#sense`) that stand for them, so that any hyponym found by a hypernym walk
 * ("poodle" → dog, "mansion" → house) lands on a category. Family anchors are the last resort of
 * the walk: a generic "mammal" still becomes a four-legged animal.
 */
import { CORE_PROFILES, FAMILY_CATEGORIES } from './catalog-families.ts';
import { MADE_ANCHORS, MADE_CATEGORIES, MADE_EXAMPLES, MADE_PROFILES } from './catalog-made.ts';
import { PLAY_ANCHORS, PLAY_CATEGORIES, PLAY_PROFILES } from './catalog-play.ts';
import type { CategoryEntry, Family } from './catalog-types.ts';

export type { CategoryEntry, Family } from './catalog-types.ts';

const c = (id: string, family: Family, words: string[], anchors: string[] = []): CategoryEntry => ({
  id,
  family,
  words: [id.replace(/-/g, ' '), ...words],
  anchors,
});

const CORE_CATEGORIES: CategoryEntry[] = [
  // furniture
  c('chair', 'furniture', ['armchair', 'seat', 'rocking chair', 'throne', 'recliner', 'dining chair'], ['chair#1']),
  c('stool', 'furniture', ['barstool', 'bar stool', 'footstool', 'ottoman'], ['stool#1']),
  c('table', 'furniture', ['coffee table', 'dining table', 'side table', 'nightstand', 'counter'], ['table#2']),
  c('desk', 'furniture', ['writing desk', 'bureau'], ['desk#1']), // a workbench has its own form (./catalog-play.ts)
  c('bench', 'furniture', ['pew', 'park bench'], ['bench#1']),
  c('sofa', 'furniture', ['couch', 'settee', 'loveseat', 'divan'], ['sofa#1']),
  c('bed', 'furniture', ['bunk', 'cot', 'crib', 'mattress', 'four poster'], ['bed#1']),
  c('bookshelf', 'furniture', ['bookcase', 'shelf', 'shelving', 'shelves', 'book shelf'], ['bookcase#1', 'shelf#1']),
  c(
    'cabinet',
    'furniture',
    ['cupboard', 'dresser', 'wardrobe', 'chest of drawers', 'drawers', 'sideboard', 'locker'],
    ['cabinet#1', 'wardrobe#1', 'chest#4'],
  ),
  c(
    'lamp',
    'furniture',
    ['floor lamp', 'desk lamp', 'table lamp', 'lampshade', 'light'],
    ['lamp#1', 'lamp#2', 'lighting fixture#1'],
  ),
  // vessels and containers
  c('vase', 'vessel', ['urn', 'amphora', 'pot', 'planter'], ['vase#1', 'urn#1']),
  c(
    'mug',
    'vessel',
    ['cup', 'teacup', 'coffee mug', 'tankard', 'stein', 'beaker', 'glass', 'tumbler'],
    ['mug#4', 'cup#1', 'drinking vessel#1'],
  ),
  c('bowl', 'vessel', ['dish', 'basin', 'cauldron'], ['bowl#1', 'bowl#3', 'dish#1']),
  c('bottle', 'vessel', ['flask', 'potion', 'wine bottle', 'decanter', 'canteen'], ['bottle#1', 'flask#1']),
  c('teapot', 'vessel', ['kettle', 'coffeepot', 'coffee pot', 'tea pot'], ['teapot#1', 'kettle#1']),
  c('barrel', 'vessel', ['cask', 'keg', 'drum', 'tun'], ['barrel#2', 'cask#2']),
  c(
    'crate',
    'vessel',
    ['box', 'carton', 'package', 'parcel', 'present', 'gift', 'cube', 'block'],
    ['box#1', 'crate#1'],
  ),
  c('bucket', 'vessel', ['pail', 'watering can'], ['bucket#1']),
  c('jar', 'vessel', ['canister', 'jug', 'pitcher', 'can', 'tin', 'cookie jar'], ['jar#1', 'jug#1']),
  c('chest', 'vessel', ['treasure chest', 'trunk', 'coffer', 'strongbox', 'toolbox'], ['chest#2', 'trunk#2']),
  // tools and weapons
  c('hammer', 'tool', ['mallet', 'sledgehammer', 'gavel', 'warhammer', 'war hammer'], ['hammer#2', 'mallet#1']),
  c('axe', 'tool', ['ax', 'hatchet', 'battleaxe', 'battle axe', 'tomahawk'], ['ax#1']),
  c(
    'sword',
    'tool',
    ['sabre', 'saber', 'katana', 'longsword', 'rapier', 'broadsword', 'blade', 'scimitar', 'cutlass'],
    ['sword#1'],
  ),
  c('dagger', 'tool', ['knife', 'dirk', 'kitchen knife', 'machete'], ['knife#1', 'knife#2', 'dagger#1']),
  c('shield', 'tool', ['buckler', 'escutcheon'], ['shield#2']),
  c('spear', 'tool', ['lance', 'javelin', 'trident', 'pike', 'halberd', 'harpoon'], ['spear#1', 'spear#2']),
  c('shovel', 'tool', ['spade', 'trowel'], ['shovel#1', 'shovel#2']),
  c('pickaxe', 'tool', ['pick', 'pick axe', 'mattock'], ['pickaxe#1', 'pick#7']),
  c(
    'staff',
    'tool',
    ['wand', 'scepter', 'sceptre', 'cane', 'walking stick', 'rod', 'magic staff', 'stick'],
    ['staff#5', 'wand#1'],
  ),
  // buildings
  c(
    'house',
    'building',
    [
      'cottage',
      'cabin',
      'home',
      'hut',
      'villa',
      'bungalow',
      'mansion',
      'shack',
      'barn',
      'shed',
      'farmhouse',
      'building',
    ],
    ['house#1', 'dwelling#1', 'building#1'],
  ),
  c('tower', 'building', ['turret', 'watchtower', 'spire', 'belfry', 'minaret'], ['tower#1']),
  c(
    'castle',
    'building',
    ['fortress', 'fort', 'palace', 'citadel', 'keep', 'stronghold'],
    ['castle#2', 'fortress#1', 'palace#1'],
  ),
  c(
    'skyscraper',
    'building',
    ['office building', 'high rise', 'highrise', 'apartment building', 'tower block', 'office tower'],
    ['skyscraper#1'],
  ),
  c('lighthouse', 'building', ['beacon'], ['beacon#3']),
  c('tent', 'building', ['teepee', 'tepee', 'tipi', 'wigwam', 'yurt', 'pavilion'], ['tent#1']),
  c(
    'church',
    'building',
    ['chapel', 'cathedral', 'temple', 'mosque', 'shrine', 'abbey'],
    ['church#2', 'place of worship#1'],
  ),
  // Mills powered by wind or water, not "mill#4" as a whole: that is any grinding machinery (a coffee or
  // pepper grinder, an angle grinder), which a windmill does not stand in for.
  c('windmill', 'building', ['wind turbine', 'mill'], ['windmill#1', 'water mill#1']),
  // plants
  c('tree', 'plant', ['oak', 'maple', 'birch', 'willow', 'elm', 'apple tree', 'oak tree', 'sapling'], ['tree#1']),
  c(
    'pine-tree',
    'plant',
    ['pine', 'fir', 'spruce', 'conifer', 'christmas tree', 'cedar', 'evergreen', 'fir tree'],
    ['conifer#1', 'pine#1'],
  ),
  c('palm-tree', 'plant', ['palm', 'coconut tree', 'coconut palm'], ['palm#3']),
  c('bush', 'plant', ['shrub', 'hedge', 'shrubbery', 'topiary'], ['shrub#1']),
  c(
    'flower',
    'plant',
    ['rose', 'tulip', 'daisy', 'sunflower', 'lily', 'blossom', 'bloom', 'orchid', 'poppy', 'dandelion'],
    ['flower#1', 'flower#2'],
  ),
  c('cactus', 'plant', ['succulent', 'saguaro'], ['cactus#1']),
  c('mushroom', 'plant', ['toadstool', 'fungus', 'shroom'], ['mushroom#2', 'mushroom#3', 'fungus#1']),
  c(
    'potted-plant',
    'plant',
    ['houseplant', 'house plant', 'pot plant', 'flowerpot', 'flower pot', 'fern', 'plant'],
    ['houseplant#1', 'pot plant#1', 'flowerpot#1'],
  ),
  // vehicles
  c(
    'car',
    'vehicle',
    [
      'automobile',
      'sedan',
      'taxi',
      'cab',
      'jeep',
      'suv',
      'racecar',
      'race car',
      'sports car',
      'coupe',
      'convertible',
      'hatchback',
      'vehicle',
    ],
    ['car#1', 'motor vehicle#1'],
  ),
  c(
    'truck',
    'vehicle',
    ['lorry', 'pickup', 'pickup truck', 'van', 'firetruck', 'fire truck', 'dump truck'],
    ['truck#1', 'van#5', 'tractor#2'],
  ),
  c('bus', 'vehicle', ['coach', 'school bus', 'minibus', 'tram', 'trolley'], ['bus#1', 'streetcar#1']),
  c(
    'airplane',
    'vehicle',
    ['plane', 'aeroplane', 'jet', 'aircraft', 'airliner', 'jetliner', 'fighter jet', 'biplane', 'glider'],
    ['airplane#1', 'aircraft#1'],
  ),
  c(
    'boat',
    'vehicle',
    ['ship', 'sailboat', 'yacht', 'canoe', 'ferry', 'rowboat', 'kayak', 'galleon', 'pirate ship', 'raft'],
    ['boat#1', 'ship#1', 'vessel#2'],
  ),
  c(
    'rocket',
    'vehicle',
    ['spaceship', 'spacecraft', 'space shuttle', 'missile', 'starship', 'spaceship'],
    ['rocket#1', 'rocket#2', 'spacecraft#1'],
  ),
  c(
    'train',
    'vehicle',
    ['locomotive', 'steam engine', 'steam train', 'railcar', 'tram car'],
    ['locomotive#1', 'train#1', 'car#2'],
  ),
  c('bicycle', 'vehicle', ['bike', 'cycle', 'tricycle', 'unicycle', 'kick scooter'], ['bicycle#1']),
  // animals and characters
  c('dog', 'animal', ['puppy', 'hound', 'pup', 'doggy', 'wolf', 'fox'], ['dog#1', 'canine#2']),
  c('cat', 'animal', ['kitten', 'kitty', 'tiger', 'lion', 'leopard', 'panther'], ['cat#1', 'feline#1']),
  c(
    'horse',
    'animal',
    ['pony', 'stallion', 'mare', 'foal', 'unicorn', 'donkey', 'zebra', 'deer', 'giraffe'],
    ['horse#1', 'equine#1', 'ruminant#1'],
  ),
  c('cow', 'animal', ['bull', 'ox', 'cattle', 'calf', 'bison', 'buffalo', 'yak'], ['cattle#1', 'bovine#1']),
  c(
    'pig',
    'animal',
    ['hog', 'boar', 'piglet', 'swine', 'sheep', 'lamb', 'ram', 'goat'],
    ['swine#1', 'sheep#1', 'goat#1'],
  ),
  c(
    'elephant',
    'animal',
    ['mammoth', 'rhino', 'rhinoceros', 'hippo', 'hippopotamus'],
    ['elephant#1', 'proboscidean#1'],
  ),
  c(
    'rabbit',
    'animal',
    ['bunny', 'hare', 'mouse', 'rat', 'hamster', 'squirrel'],
    ['rabbit#1', 'leporid#1', 'rodent#1'],
  ),
  c(
    'bird',
    'animal',
    [
      'sparrow',
      'parrot',
      'eagle',
      'owl',
      'chicken',
      'duck',
      'goose',
      'swan',
      'penguin',
      'hen',
      'rooster',
      'crow',
      'pigeon',
    ],
    ['bird#1'],
  ),
  c('fish', 'animal', ['goldfish', 'shark', 'salmon', 'trout', 'whale', 'dolphin', 'tuna'], ['fish#1', 'cetacean#1']),
  c('snake', 'animal', ['serpent', 'cobra', 'python', 'viper', 'worm', 'eel'], ['snake#1', 'worm#1']),
  c('turtle', 'animal', ['tortoise', 'terrapin', 'snail'], ['turtle#2', 'chelonian#1', 'gastropod#1']),
  c(
    'dragon',
    'animal',
    ['dinosaur', 'crocodile', 'alligator', 'drake', 'wyvern', 't rex', 'trex'],
    ['dragon#1', 'dinosaur#1', 'reptile#1', 'saurian#1'],
  ),
  c(
    'person',
    'animal',
    [
      'man',
      'woman',
      'human',
      'figure',
      'character',
      'knight',
      'wizard',
      'child',
      'boy',
      'girl',
      'warrior',
      'soldier',
      'statue',
      'figurine',
      'king',
      'queen',
      'people',
    ],
    ['person#1', 'spiritual being#1', 'imaginary being#1'],
  ),
  c('robot', 'animal', ['android', 'droid', 'mech', 'automaton', 'cyborg'], ['robot#1', 'automaton#2']),
  c('snowman', 'animal', ['snow man', 'snowmen'], []),
  c('teddy-bear', 'animal', ['teddy', 'plush', 'stuffed animal', 'plushie', 'panda'], ['teddy#1']),
  // food
  c(
    'apple',
    'food',
    ['fruit', 'tomato', 'peach', 'plum', 'cherry', 'orange', 'lemon', 'lime', 'melon', 'watermelon', 'pumpkin'],
    ['apple#1', 'edible fruit#1', 'citrus#2', 'pumpkin#2'],
  ),
  c('pear', 'food', ['avocado', 'eggplant', 'aubergine'], ['pear#1']),
  c('banana', 'food', ['plantain', 'cucumber', 'zucchini'], ['banana#2']),
  c(
    'cake',
    'food',
    ['cupcake', 'gateau', 'birthday cake', 'cheesecake', 'wedding cake', 'pie', 'tart', 'muffin'],
    ['cake#3', 'pie#1'],
  ), // other desserts are dishes read from their own description (./catalog-made.ts)
  c('donut', 'food', ['doughnut', 'bagel', 'ring donut'], ['doughnut#2', 'bagel#1']),
  c('burger', 'food', ['hamburger', 'cheeseburger', 'sandwich', 'veggie burger'], ['hamburger#1', 'sandwich#1']),
  c('pizza', 'food', ['pizza pie', 'flatbread', 'pancake', 'pancakes', 'cookie'], ['pizza#1', 'pancake#1', 'cookie#1']),
  c('bread', 'food', ['loaf', 'baguette', 'bun', 'roll', 'croissant', 'loaf of bread'], ['bread#1', 'baked goods#1']),
  c('cheese', 'food', ['cheese wedge', 'wedge of cheese', 'cheddar', 'brie', 'swiss cheese'], ['cheese#1']),
  c(
    'ice-cream',
    'food',
    ['ice cream cone', 'cone', 'sundae', 'gelato', 'popsicle', 'ice lolly'],
    ['ice cream#1', 'frozen dessert#1'],
  ),
  c(
    'carrot',
    'food',
    ['parsnip', 'radish', 'vegetable', 'root vegetable', 'corn', 'chili'],
    ['carrot#3', 'root vegetable#1', 'vegetable#1'],
  ),
  // jewellery and props
  c(
    'ring',
    'prop',
    ['wedding ring', 'engagement ring', 'signet ring', 'band', 'bracelet', 'bangle'],
    ['ring#8', 'jewelry#1'],
  ),
  c('crown', 'prop', ['tiara', 'diadem', 'circlet', 'coronet'], ['crown#4', 'crown#3']),
  c(
    'gem',
    'prop',
    ['gemstone', 'jewel', 'diamond', 'ruby', 'emerald', 'sapphire', 'amethyst', 'topaz'],
    ['gem#1', 'gem#2', 'jewel#1', 'precious stone#1'],
  ),
  c('coin', 'prop', ['medal', 'token', 'medallion', 'doubloon'], ['coin#1', 'medal#1']),
  c(
    'trophy',
    'prop',
    ['goblet', 'chalice', 'grail', 'award', 'prize', 'trophy cup'],
    ['trophy#2', 'goblet#1', 'chalice#1'],
  ),
  c('candle', 'prop', ['taper', 'candlestick'], ['candle#1', 'candlestick#1']), // a candelabra has its own form (./catalog-play.ts)
  c(
    'book',
    'prop',
    ['tome', 'novel', 'notebook', 'spellbook', 'journal', 'diary', 'bible', 'textbook'],
    ['book#1', 'book#2', 'publication#1'],
  ),
  c(
    'clock',
    'prop',
    ['alarm clock', 'wall clock', 'timepiece', 'grandfather clock', 'pocket watch', 'watch'],
    ['clock#1', 'timepiece#1'],
  ),
  c('lantern', 'prop', ['lamp post', 'lamppost', 'street lamp', 'oil lamp', 'torch'], ['lantern#1', 'torch#1']),
  c(
    'ball',
    'prop',
    ['sphere', 'orb', 'globe', 'football', 'soccer ball', 'basketball', 'beach ball', 'marble', 'bowling ball'],
    ['ball#1', 'globe#2', 'sphere#2'],
  ),
  // rocks and terrain
  c(
    'rock',
    'terrain',
    ['stone', 'boulder', 'pebble', 'rubble', 'asteroid', 'meteorite'],
    ['rock#1', 'rock#2', 'boulder#1'],
  ),
  c('crystal', 'terrain', ['crystal cluster', 'geode', 'quartz', 'shard', 'crystals'], ['crystal#1']),
  c(
    'mountain',
    'terrain',
    ['hill', 'peak', 'volcano', 'mount', 'summit', 'mountains', 'hills'],
    ['mountain#1', 'hill#1', 'volcano#2'],
  ),
  c(
    'island',
    'terrain',
    ['terrain', 'landscape', 'plateau', 'mesa', 'floating island', 'islet', 'terrain tile', 'diorama'],
    ['island#1', 'land#4'],
  ),
  c(
    'arch',
    'terrain',
    ['stone arch', 'archway', 'gate', 'gateway', 'portal', 'doorway'],
    ['arch#1', 'arch#4', 'gate#1'],
  ),
  c('log', 'terrain', ['tree stump', 'stump', 'firewood', 'tree trunk', 'trunk'], ['log#1', 'stump#1']),
  c(
    'pillar',
    'terrain',
    ['column', 'obelisk', 'monolith', 'totem', 'totem pole', 'post', 'menhir'],
    ['column#6', 'column#7', 'pillar#4', 'obelisk#1', 'monolith#1'],
  ),
];

for (const entry of CORE_CATEGORIES) {
  const profiles = CORE_PROFILES[entry.id];
  if (!profiles) continue;
  entry.profiles = profiles;
  for (const [p, ws] of Object.entries(profiles))
    for (const w of [p, ...ws]) if (!entry.words.includes(w)) entry.words.push(w);
}

export const CATEGORIES: CategoryEntry[] = [
  ...CORE_CATEGORIES,
  ...FAMILY_CATEGORIES,
  ...MADE_CATEGORIES,
  ...PLAY_CATEGORIES,
];

// ./catalog-made.ts (and ./catalog-play.ts) widen families defined above with more anchors and profiles.
for (const entry of CATEGORIES) {
  entry.anchors.push(
    ...[...(MADE_ANCHORS[entry.id] ?? []), ...(PLAY_ANCHORS[entry.id] ?? [])].filter((a) => !entry.anchors.includes(a)),
  );
  if (MADE_EXAMPLES[entry.id]) entry.examples = MADE_EXAMPLES[entry.id];
  const extra = MADE_PROFILES[entry.id] ?? PLAY_PROFILES[entry.id];
  if (!extra) continue;
  entry.profiles = { ...extra, ...entry.profiles };
  for (const [p, ws] of Object.entries(extra))
    for (const w of [p, ...ws]) if (!entry.words.includes(w)) entry.words.push(w);
}

export const GENERIC_CATEGORY = 'blob';

const byId = new Map(CATEGORIES.map((e) => [e.id, e]));

export function categoryById(id: string): CategoryEntry | undefined {
  return byId.get(id);
}

export function familyOf(id: string): Family {
  return byId.get(id)?.family ?? 'generic';
}

/** Category id → generator. Every catalogue category has one; unknown objects get the sculpted blob. */
import type { GenContext } from './kit.ts';
import * as furniture from './furniture.ts';
import * as vessels from './vessels.ts';
import * as tools from './tools.ts';
import * as buildings from './buildings.ts';
import * as plants from './plants.ts';
import * as vehicles from './vehicles.ts';
import * as animals from './animals.ts';
import * as food from './food-props.ts';
import * as terrain from './terrain.ts';
import { GENERIC_CATEGORY } from '../catalog.ts';
import { OWN_FORMS, SHAPE_READ_CATEGORIES } from '../catalog-made.ts';
import { quadruped } from './families/quadruped.ts';
import { arachnid, crustacean, insect } from './families/arthropods.ts';
import { myriapod } from './families/myriapods.ts';
import { amphibian, mollusc, primate, reptile } from './families/creatures.ts';
import { balloon, constructionMachine, helicopter, motorcycle, tractor, wagon } from './families/machines.ts';
import { drum, piano, stringInstrument, windInstrument } from './families/instruments.ts';
import { appliance } from './families/appliances.ts';
import { bag, hat, shoe } from './families/wearables.ts';
import { handTool, object } from './families/objects.ts';
import { weapon } from './families/weapons.ts';
import { dish, fruit } from './families/dishes.ts';
import { produce } from './families/produce.ts';
import { implement } from './families/implement.ts';
import { plainShape } from './families/shapes.ts';
import { describedGarment } from './families/garment-forms.ts';
import { describedJewelry } from './families/jewelry.ts';
import { describedBuilding } from './families/building-forms.ts';
import { describedKnife } from './families/knife.ts';
import { describedPercussion } from './families/percussion.ts';
import { describedWeapon } from './families/weapon-forms.ts';
import { describedGrass } from './families/grass.ts';
import { buildingForm } from '../building-reading.ts';
import { bust, landmark, skull } from './families/landmarks.ts';
import { bird, fish } from './families/birds-fish.ts';
import { fixture } from './families/fixtures.ts';
import { smallVehicle, spacecraft } from './families/craft.ts';
import { BAKED } from './families/baked.ts';
import { OUTDOOR } from './families/outdoor.ts';
import { RIDES } from './families/rides.ts';
import { SCALES } from './families/scales.ts';
import { TAPES } from './families/tapes.ts';
import { GLIDERS } from './families/gliders.ts';
import { GARMENTS } from './families/garments.ts';
import { MORE_DEVICES, drone } from './families/devices-more.ts';
import { describedDish, emptyVessel } from './families/dish-forms.ts';
import { MORE_LANDMARKS, MORE_WORSHIP } from './families/landmarks-more.ts';
import { MORE_INSTRUMENTS } from './families/instruments-more.ts';
import { TOYS } from './families/toys.ts';
import { SPORTS } from './families/sports.ts';
import { MYTHICAL } from './families/mythical.ts';
import { DESK, MASKS, SIGNS } from './families/desk-street.ts';
import { HOUSEHOLD, SHOP_TOOLS } from './families/household.ts';
import { PLANT_FORMS } from './families/plant-forms.ts';
import { MORE_BUILDINGS } from './families/buildings-more.ts';
import { MORE_ROWS } from './families/rows-more.ts';
import { SEA_INVERTEBRATES, marineMammal, worm } from './families/sea-life.ts';
import { MORE_APPLIANCES, MORE_COOKWARE, MORE_HATS, MORE_MACHINES, MORE_OBJECTS } from './families/objects-more.ts';

export type Generator = (ctx: GenContext) => void;

/** A fruit or vegetable with no row of its category's, built from its own description (see ../catalog-made.ts OWN_FORMS). */
function ownProduce(category: string, ctx: GenContext): boolean {
  const profile = ctx.interpretation.profile;
  return Boolean(profile && OWN_FORMS[category]?.label(profile)) && produce(ctx);
}

const GENERATORS: Record<string, Generator> = {
  chair: furniture.chair,
  stool: furniture.stool,
  table: furniture.table,
  desk: furniture.desk,
  bench: furniture.bench,
  sofa: furniture.sofa,
  bed: furniture.bed,
  bookshelf: furniture.bookshelf,
  cabinet: furniture.cabinet,
  lamp: furniture.lamp,
  vase: vessels.vase,
  mug: vessels.mug,
  bowl: vessels.bowl,
  bottle: vessels.bottle,
  teapot: vessels.teapot,
  barrel: vessels.barrel,
  crate: vessels.crate,
  bucket: vessels.bucket,
  jar: vessels.jar,
  chest: vessels.chest,
  hammer: tools.hammer,
  axe: tools.axe,
  sword: (ctx) => (OWN_FORMS.sword.label(ctx.interpretation.profile ?? '') && describedWeapon(ctx)) || tools.sword(ctx),
  dagger: (ctx) =>
    (OWN_FORMS.dagger.label(ctx.interpretation.profile ?? '') && describedKnife(ctx)) || tools.dagger(ctx),
  shield: tools.shield,
  spear: tools.spear,
  shovel: tools.shovel,
  pickaxe: tools.pickaxe,
  staff: tools.staff,
  house: buildings.house,
  tower: buildings.tower,
  castle: buildings.castle,
  skyscraper: buildings.skyscraper,
  lighthouse: buildings.lighthouse,
  tent: buildings.tent,
  church: buildings.church,
  windmill: buildings.windmill,
  tree: plants.tree,
  'pine-tree': plants.pineTree,
  'palm-tree': plants.palmTree,
  bush: plants.bush,
  flower: plants.flower,
  cactus: plants.cactus,
  mushroom: plants.mushroom,
  'potted-plant': plants.pottedPlant,
  car: vehicles.car,
  truck: vehicles.truck,
  bus: vehicles.bus,
  airplane: vehicles.airplane,
  boat: vehicles.boat,
  rocket: vehicles.rocket,
  train: vehicles.train,
  bicycle: vehicles.bicycle,
  dog: animals.dog,
  cat: animals.cat,
  horse: animals.horse,
  cow: animals.cow,
  pig: animals.pig,
  elephant: animals.elephant,
  rabbit: animals.rabbit,
  bird,
  fish,
  snake: animals.snake,
  turtle: animals.turtle,
  dragon: animals.dragon,
  person: animals.person,
  robot: animals.robot,
  snowman: animals.snowman,
  'teddy-bear': animals.teddyBear,
  apple: (ctx) => fruit(ctx) || ownProduce('apple', ctx) || food.apple(ctx),
  pear: (ctx) => ownProduce('pear', ctx) || food.pear(ctx),
  banana: (ctx) => ownProduce('banana', ctx) || food.banana(ctx),
  cake: food.cake,
  donut: food.donut,
  burger: food.burger,
  pizza: food.pizza,
  bread: food.bread,
  cheese: food.cheese,
  'ice-cream': food.iceCream,
  carrot: (ctx) => ownProduce('carrot', ctx) || food.carrot(ctx),
  ring: (ctx) => (OWN_FORMS.ring.label(ctx.interpretation.profile ?? '') && describedJewelry(ctx)) || food.ring(ctx),
  crown: food.crown,
  gem: food.gem,
  coin: food.coin,
  trophy: food.trophy,
  candle: food.candle,
  book: food.book,
  clock: food.clock,
  lantern: food.lantern,
  ball: food.ball,
  rock: terrain.rock,
  crystal: terrain.crystal,
  mountain: terrain.mountain,
  island: terrain.island,
  arch: terrain.arch,
  log: terrain.log,
  pillar: terrain.pillar,
  [GENERIC_CATEGORY]: terrain.blob,
  // Families with parameters (../catalog-families.ts): the interpretation's profile picks the row.
  quadruped: (ctx) => quadruped(ctx, 'quadruped'),
  primate,
  amphibian,
  reptile,
  insect,
  arachnid,
  crustacean,
  mollusc,
  myriapod,
  motorcycle,
  tractor,
  'construction-machine': constructionMachine,
  wagon,
  helicopter,
  balloon,
  'string-instrument': stringInstrument,
  piano,
  drum,
  'wind-instrument': windInstrument,
  appliance,
  hat,
  shoe,
  bag,
  'hand-tool': (ctx) =>
    (OWN_FORMS['hand-tool'].label(ctx.interpretation.profile ?? '') && implement(ctx)) || handTool(ctx),
  weapon,
  object,
  dish,
  landmark,
  skull,
  bust,
  // Families of ../catalog-made.ts.
  fixture,
  spacecraft,
  'small-vehicle': smallVehicle,
};

/** A family's generator with rows added elsewhere: the added row when the profile names one, else the family's own. */
function withRows(rows: Record<string, Generator>, own: Generator): Generator {
  return (ctx) => (rows[ctx.interpretation.profile ?? ''] ?? own)(ctx);
}

// Rows ../catalog-made.ts adds to families and categories defined above.
const MADE_ROWS: Record<string, Record<string, Generator>> = {
  landmark: MORE_LANDMARKS,
  church: MORE_WORSHIP,
  drum: MORE_INSTRUMENTS,
  piano: MORE_INSTRUMENTS,
  'wind-instrument': MORE_INSTRUMENTS,
  jar: { can: vessels.can, 'jerry can': vessels.jerryCan, churn: vessels.churn },
  object: MORE_OBJECTS,
  bowl: { cauldron: MORE_COOKWARE.cauldron, plate: (ctx: GenContext) => emptyVessel(ctx, 'plate') },
  appliance: { ...MORE_APPLIANCES, ...MORE_DEVICES, ...TAPES },
  helicopter: { drone, autogyro: GLIDERS.autogyro },
  airplane: { 'hang glider': GLIDERS['hang glider'], paraglider: GLIDERS.paraglider },
  tractor: MORE_MACHINES,
  'construction-machine': MORE_MACHINES,
  hat: MORE_HATS,
  cake: BAKED,
  donut: BAKED,
  pizza: BAKED,
  bread: BAKED,
  burger: { sandwich: (ctx: GenContext) => void describedDish(ctx, 'sandwich') },
};
for (const [category, rows] of Object.entries(MADE_ROWS)) GENERATORS[category] = withRows(rows, GENERATORS[category]);
GENERATORS.cookware = withRows(MORE_COOKWARE, MORE_COOKWARE.skillet);
GENERATORS.outdoor = withRows({ ...OUTDOOR, ...RIDES }, OUTDOOR.gazebo);
const garmentRows = withRows(GARMENTS, GARMENTS['t-shirt']);
GENERATORS.garment = (ctx) =>
  (OWN_FORMS.garment.label(ctx.interpretation.profile ?? '') && describedGarment(ctx)) || garmentRows(ctx);
// Families of ../catalog-play.ts.
GENERATORS.toy = withRows(TOYS, TOYS.blocks);
GENERATORS['sports-gear'] = withRows(SPORTS, SPORTS.dumbbell);
GENERATORS['desk-thing'] = withRows(DESK, DESK.pencil);
GENERATORS['street-sign'] = withRows(SIGNS, SIGNS['road sign']);
GENERATORS['mask-armour'] = withRows(MASKS, MASKS.mask);
GENERATORS['household-thing'] = withRows({ ...HOUSEHOLD, coffin: vessels.coffin }, HOUSEHOLD['trash can']);
GENERATORS['shop-tool'] = withRows({ ...SHOP_TOOLS, ...SCALES }, SHOP_TOOLS.flashlight);
GENERATORS['plant-thing'] = withRows(PLANT_FORMS, PLANT_FORMS.bouquet);
GENERATORS['building-more'] = withRows(MORE_BUILDINGS, MORE_BUILDINGS.factory);
for (const category of ['boat', 'chair', 'robot', 'spear', 'staff'])
  GENERATORS[category] = withRows(MORE_ROWS, GENERATORS[category]);
GENERATORS.mythical = withRows(
  { ...MYTHICAL, 'loch ness monster': MYTHICAL['sea serpent'], yeti: MYTHICAL.bigfoot },
  MYTHICAL.griffin,
);
GENERATORS['human-skeleton'] = MORE_OBJECTS.skeleton;
// Sea animals and worms (./families/sea-life.ts).
GENERATORS['marine-mammal'] = marineMammal;
GENERATORS.mollusc = withRows(SEA_INVERTEBRATES, GENERATORS.mollusc);
GENERATORS.snake = withRows({ worm, leech: worm }, GENERATORS.snake);

// A noun read as a plain solid from its description (../shape-reading.ts) is built as that solid.
for (const category of SHAPE_READ_CATEGORIES) {
  const own = GENERATORS[category];
  GENERATORS[category] = (ctx) =>
    (OWN_FORMS[category].label(ctx.interpretation.profile ?? '') && plainShape(ctx)) || own(ctx);
}

// A building whose description says how it is built is made that way before any plain-solid reading.
const houseOrShape = GENERATORS.house;
GENERATORS.house = (ctx) =>
  (ctx.interpretation.profile !== 'house' &&
    buildingForm(ctx.interpretation.profile ?? '') &&
    describedBuilding(ctx)) ||
  houseOrShape(ctx);

// A grass read from its description, before the potted plant's and the flower's forms.
for (const category of ['potted-plant', 'flower']) {
  const own = GENERATORS[category];
  GENERATORS[category] = (ctx) =>
    (OWN_FORMS[category].label(ctx.interpretation.profile ?? '') && describedGrass(ctx)) || own(ctx);
}

// A percussion instrument read from its description, before the family's rows.
const drumRows = GENERATORS.drum;
GENERATORS.drum = (ctx) =>
  (OWN_FORMS.drum.label(ctx.interpretation.profile ?? '') && describedPercussion(ctx)) || drumRows(ctx);

export function generatorFor(category: string): Generator {
  return GENERATORS[category] ?? GENERATORS[GENERIC_CATEGORY];
}

export function generatorCategories(): string[] {
  return Object.keys(GENERATORS);
}

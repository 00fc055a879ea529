/**
 * Category id → generator. Every catalogue category has one; unknown objects get the sculpted blob.
 * Declared once: a category's own row of the core part lists (FORMS), else SINGLE for one-function
 * categories, FAMILIES for those built by readers, rows and a base.
 */
import type { GenContext, Generator } from './kit.ts';
import { partLists } from './part-list.ts';
import * as tools from './tools.ts';
import * as buildings from './buildings.ts';
import * as plants from './plants.ts';
import * as vehicles from './vehicles.ts';
import * as animals from './animals.ts';
import * as food from './food-props.ts';
import * as terrain from './terrain.ts';
import { CATEGORIES, GENERIC_CATEGORY } from '../catalog.ts';
import { OWN_FORMS, SHAPE_READ_CATEGORIES } from '../own-forms.ts';
import { quadruped } from './families/quadruped.ts';
import { arachnid, crustacean, insect } from './families/arthropods.ts';
import { myriapod } from './families/myriapods.ts';
import { MOLLUSCS, amphibian, primate, reptile } from './families/creatures.ts';
import {
  MACHINE_ROWS,
  balloon,
  constructionMachine,
  helicopter,
  motorcycle,
  tractor,
  wagon,
} from './families/machines.ts';
import { INSTRUMENT_ROWS, drum, piano, stringInstrument, windInstrument } from './families/instruments.ts';
import { DEVICES, appliance, drone } from './families/appliances.ts';
import { CURIOS, handTool, object } from './families/objects.ts';
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
import { FAMOUS_LANDMARKS, WORSHIP_LANDMARKS, bust, landmark, skull } from './families/landmarks.ts';
import { bird, fish } from './families/birds-fish.ts';
import { fixture } from './families/fixtures.ts';
import { BAKED } from './families/baked.ts';
import { GARMENTS } from './families/garments.ts';
import { describedDish, emptyVessel } from './families/dish-forms.ts';
import { PLANT_FORMS } from './families/plant-forms.ts';
import {
  CORE_ROWS,
  DESK,
  GLIDERS,
  HOUSEHOLD,
  MASKS,
  MYTHICAL,
  OUTDOOR,
  RIDES,
  SCALES,
  SHOP_TOOLS,
  SIGNS,
  SPORTS,
  TAPES,
  TOYS,
  bag,
  hat,
  shoe,
  smallVehicle,
  spacecraft,
  weapon,
} from './families/row-families.ts';
import { marineMammal, worm } from './families/sea-life.ts';

export type { Generator };

/** Families whose rows are all part lists (./parts/*.json). */
const COOKWARE = partLists('cookware');
const BUILDINGS = partLists('buildings');
const FIGURES = partLists('figures');

/**
 * The core catalogue's fixed forms, by row id (no id in two files): a category with a row of its own id
 * here is built by that row unless SINGLE or FAMILIES below name its generator (see GENERATORS).
 */
const CORE_FILES = [
  'furniture',
  'core-furniture',
  'vessels',
  'tool-heads',
  'core-buildings',
  'trees',
  'vehicles',
  'props',
  'terrain',
  'core-plants',
  'towers',
  'shields',
  'core-food',
];
const FORMS: Record<string, Generator> = {};
for (const file of CORE_FILES)
  for (const [id, generator] of Object.entries(partLists(file))) {
    if (FORMS[id]) throw new Error(`${id} is a row of two core part-list files`);
    FORMS[id] = generator;
  }

/** The categories built by the quadruped plan, each as the species (or the family's profile) of its name. */
const QUADRUPEDS = ['dog', 'cat', 'horse', 'cow', 'pig', 'elephant', 'rabbit', 'quadruped'];

/**
 * The categories whose generator is one function. Those with rows added elsewhere or forms read from
 * the noun's own description are in FAMILIES below; a category is in exactly one of the two.
 */
const SINGLE: Record<string, Generator> = {
  castle: buildings.castle,
  tree: plants.tree,
  bicycle: vehicles.bicycle,
  bird,
  fish,
  turtle: animals.turtle,
  dragon: animals.dragon,
  person: FIGURES.person,
  snowman: animals.snowman,
  'ice-cream': FORMS['ice cream'],
  mountain: terrain.mountain,
  [GENERIC_CATEGORY]: FORMS.blob,
  // The quadruped plan's species that are categories of their own, and its family (../catalog/families.yaml).
  ...Object.fromEntries(QUADRUPEDS.map((id) => [id, (ctx: GenContext) => quadruped(ctx, id)])),
  // Families with parameters (../catalog/families.yaml): the interpretation's profile picks the row.
  primate,
  amphibian,
  reptile,
  insect,
  arachnid,
  crustacean,
  myriapod,
  motorcycle,
  wagon,
  balloon,
  'string-instrument': stringInstrument,
  shoe,
  bag,
  weapon,
  dish,
  skull,
  bust,
  // Families of ../catalog/made.yaml.
  fixture,
  spacecraft,
  'small-vehicle': smallVehicle,
};

/** Builds the noun from its own description and says so (true), or leaves it to the next try (false). */
type Reader = (ctx: GenContext) => boolean;

/** A category built in order by: the readers of the noun's own description, the row its profile names, else `base`. */
interface Family {
  readers?: Reader[];
  rows?: Record<string, Generator>;
  base: Generator;
}

const profileOf = (ctx: GenContext) => ctx.interpretation.profile ?? '';

/** A noun whose own-forms entry labels it (see ../own-forms.ts OWN_FORMS), built by `build`. */
const ownForm =
  (category: string, build: (ctx: GenContext) => boolean): Reader =>
  (ctx) =>
    Boolean(OWN_FORMS[category].label(profileOf(ctx))) && build(ctx);

const FAMILIES: Record<string, Family> = {
  // A noun whose own description says how it looks is made that way before the category's own form.
  sword: { readers: [ownForm('sword', describedWeapon)], base: FORMS.sword },
  dagger: { readers: [ownForm('dagger', describedKnife)], base: FORMS.dagger },
  ring: { readers: [ownForm('ring', describedJewelry)], base: food.ring },
  'hand-tool': { readers: [ownForm('hand-tool', implement)], base: handTool },
  // A fruit or vegetable with no row of its category's, built from its own description.
  apple: { readers: [fruit, ownForm('apple', produce)], base: FORMS.apple },
  pear: { readers: [ownForm('pear', produce)], base: FORMS.pear },
  banana: { readers: [ownForm('banana', produce)], base: FORMS.banana },
  carrot: { readers: [ownForm('carrot', produce)], base: FORMS.carrot },
  // A building whose description says how it is built is made that way before any plain-solid reading.
  house: {
    readers: [(ctx) => profileOf(ctx) !== 'house' && Boolean(buildingForm(profileOf(ctx))) && describedBuilding(ctx)],
    base: FORMS.house,
  },
  // A grass read from its description, before the potted plant's and the flower's forms.
  'potted-plant': { readers: [ownForm('potted-plant', describedGrass)], base: FORMS['potted-plant'] },
  flower: { readers: [ownForm('flower', describedGrass)], base: FORMS.flower },
  // A percussion instrument read from its description, before the family's rows.
  drum: { readers: [ownForm('drum', describedPercussion)], rows: INSTRUMENT_ROWS, base: drum },
  garment: { readers: [ownForm('garment', describedGarment)], rows: GARMENTS, base: GARMENTS['t-shirt'] },
  // Rows ../catalog/made.yaml adds to families and categories of the core catalogue.
  landmark: { rows: FAMOUS_LANDMARKS, base: landmark },
  church: { rows: WORSHIP_LANDMARKS, base: FORMS.church },
  piano: { rows: INSTRUMENT_ROWS, base: piano },
  'wind-instrument': { rows: INSTRUMENT_ROWS, base: windInstrument },
  jar: { rows: { can: FORMS.can, 'jerry can': FORMS['jerry can'], churn: FORMS.churn }, base: FORMS.jar },
  object: { rows: CURIOS, base: object },
  bowl: {
    rows: { cauldron: COOKWARE.cauldron, plate: (ctx: GenContext) => emptyVessel(ctx, 'plate') },
    base: FORMS.bowl,
  },
  appliance: { rows: { ...partLists('appliances'), ...DEVICES, ...TAPES }, base: appliance },
  helicopter: { rows: { drone, autogyro: GLIDERS.autogyro }, base: helicopter },
  airplane: { rows: { 'hang glider': GLIDERS['hang glider'], paraglider: GLIDERS.paraglider }, base: FORMS.airplane },
  tractor: { rows: MACHINE_ROWS, base: tractor },
  'construction-machine': { rows: MACHINE_ROWS, base: constructionMachine },
  hat: { rows: partLists('hats'), base: hat },
  cake: { rows: BAKED, base: FORMS.cake },
  donut: { rows: BAKED, base: FORMS.donut },
  pizza: { rows: BAKED, base: FORMS.pizza },
  bread: { rows: BAKED, base: FORMS.bread },
  burger: { rows: { sandwich: (ctx: GenContext) => void describedDish(ctx, 'sandwich') }, base: FORMS.burger },
  cookware: { rows: COOKWARE, base: COOKWARE.skillet },
  outdoor: { rows: { ...OUTDOOR, ...RIDES }, base: OUTDOOR.gazebo },
  // Families of ../catalog/play.yaml.
  toy: { rows: TOYS, base: TOYS.blocks },
  'sports-gear': { rows: SPORTS, base: SPORTS.dumbbell },
  'desk-thing': { rows: DESK, base: DESK.pencil },
  'street-sign': { rows: SIGNS, base: SIGNS['road sign'] },
  'mask-armour': { rows: MASKS, base: MASKS.mask },
  'household-thing': { rows: { ...HOUSEHOLD, coffin: FORMS.coffin }, base: HOUSEHOLD['trash can'] },
  'shop-tool': { rows: { ...SHOP_TOOLS, ...SCALES }, base: SHOP_TOOLS.flashlight },
  'plant-thing': { rows: PLANT_FORMS, base: PLANT_FORMS.bouquet },
  'building-more': { rows: BUILDINGS, base: BUILDINGS.factory },
  boat: { rows: CORE_ROWS, base: FORMS.boat },
  chair: { rows: CORE_ROWS, base: FORMS.chair },
  robot: { rows: CORE_ROWS, base: FIGURES.robot },
  spear: { rows: CORE_ROWS, base: FORMS.spear },
  staff: { rows: CORE_ROWS, base: tools.staff },
  mythical: {
    rows: { ...MYTHICAL, 'loch ness monster': MYTHICAL['sea serpent'], yeti: MYTHICAL.bigfoot },
    base: MYTHICAL.griffin,
  },
  // Sea animals and worms (./families/sea-life.ts).
  mollusc: { rows: MOLLUSCS, base: MOLLUSCS.octopus },
  snake: { rows: { worm, leech: worm }, base: animals.snake },
  // Broad categories with no rows of their own, where a noun may still be read as a plain solid.
  'teddy-bear': { base: FIGURES['teddy-bear'] },
  crate: { base: FORMS.crate },
  cabinet: { base: FORMS.cabinet },
  'marine-mammal': { base: marineMammal },
  'human-skeleton': { base: CURIOS.skeleton },
};

/**
 * The family's readers in order, then — in the broad categories that allow it — the noun read as a
 * plain solid from its description (../shape-reading.ts), then the row its profile names, else its base.
 */
function familyGenerator(category: string, { readers = [], rows = {}, base }: Family): Generator {
  const tries = SHAPE_READ_CATEGORIES.includes(category) ? [...readers, ownForm(category, plainShape)] : readers;
  return (ctx) => {
    if (tries.some((read) => read(ctx))) return;
    (rows[profileOf(ctx)] ?? base)(ctx);
  };
}

for (const category of SHAPE_READ_CATEGORIES)
  if (!FAMILIES[category]) throw new Error(`${category} reads plain solids but is not listed in FAMILIES`);
for (const category of Object.keys(FAMILIES))
  if (SINGLE[category]) throw new Error(`${category} is listed both as a single generator and as a family`);

/** The catalogue's categories built by their own row of FORMS: those SINGLE and FAMILIES do not name. */
const OWN_ROW_CATEGORIES = CATEGORIES.map((c) => c.id).filter((id) => FORMS[id] && !SINGLE[id] && !FAMILIES[id]);

/** Built once, frozen: nothing changes a category's generator after this module has loaded. */
const GENERATORS: Readonly<Record<string, Generator>> = Object.freeze({
  ...Object.fromEntries(OWN_ROW_CATEGORIES.map((id) => [id, FORMS[id]])),
  ...SINGLE,
  ...Object.fromEntries(
    Object.entries(FAMILIES).map(([category, family]) => [category, familyGenerator(category, family)]),
  ),
});

export function generatorFor(category: string): Generator {
  return GENERATORS[category] ?? GENERATORS[GENERIC_CATEGORY];
}

export function generatorCategories(): string[] {
  return Object.keys(GENERATORS);
}

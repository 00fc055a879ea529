/**
 * Families with parameters: categories whose one generator covers many nouns, each noun picking a
 * profile (a row of the generator's proportions table). A profile's words name it directly; any other
 * noun WordNet places under the family's anchors gets the family's default form, and the summary says
 * it is a stand-in. `label` is how the summary names the family ("amphibian body plan").
 */
import type { CategoryEntry, Family } from './catalog-types.ts';

const f = (id: string, family: Family, label: string, anchors: string[], profiles: Record<string, string[]>, words: string[] = []): CategoryEntry => ({
  id,
  family,
  label,
  anchors,
  profiles,
  words: [id.replace(/-/g, ' '), ...words, ...Object.entries(profiles).flatMap(([p, ws]) => [p, ...ws])],
});

/** The entry without some of its profiles' names as vocabulary words (they still name the profile). */
const withoutWords = (entry: CategoryEntry, words: string[]): CategoryEntry => ({ ...entry, words: entry.words.filter((w) => !words.includes(w)) });

export const FAMILY_CATEGORIES: CategoryEntry[] = [
  // animals by body plan
  f('quadruped', 'animal', 'quadruped body plan', ['placental#1', 'mammal#1', 'marsupial#1'], {
    bear: ['grizzly', 'grizzly bear', 'polar bear', 'brown bear', 'black bear', 'bruin'], koala: ['koala bear'],
    raccoon: ['racoon'], hedgehog: ['porcupine'], otter: ['sea otter', 'mustelid'], beaver: [], armadillo: [], kangaroo: ['wallaby'],
    camel: ['dromedary'], llama: ['alpaca'], sloth: [], badger: ['skunk', 'wolverine'], hyena: [], meerkat: ['mongoose'],
  }),
  // Flippers instead of legs: pinnipeds with hind flippers, sea cows with a paddle tail.
  // A bare "seal" is first a stamp or a wax seal: the animal is reached through WordNet ("a seal pup",
  // "a harbor seal"), not as a vocabulary word.
  withoutWords(f('marine-mammal', 'animal', 'marine mammal body plan (flippers)', ['pinniped#1', 'sirenian#1'], {
    seal: ['sea lion', 'fur seal', 'elephant seal', 'earless seal', 'eared seal', 'pinniped'], walrus: [], 'sea cow': ['manatee', 'dugong', 'sirenian'],
  }), ['seal']),
  f('primate', 'animal', 'primate body plan', ['primate#2'], {
    monkey: ['baboon', 'macaque', 'lemur', 'capuchin', 'marmoset'], chimpanzee: ['chimp', 'ape', 'bonobo'],
    gorilla: ['silverback'], orangutan: ['orangutang'],
  }),
  f('amphibian', 'animal', 'amphibian body plan', ['amphibian#3'], {
    frog: ['toad', 'bullfrog', 'tree frog', 'tadpole'], salamander: ['newt', 'axolotl'],
  }),
  f('reptile', 'animal', 'reptile body plan (long body, short legs)', ['lizard#1'], {
    lizard: ['gecko', 'iguana', 'komodo dragon', 'monitor lizard', 'skink'], chameleon: [],
  }),
  f('insect', 'animal', 'insect body plan (six legs, three segments)', ['insect#1', 'larva#1'], {
    bee: ['bumblebee', 'honey bee', 'honeybee', 'bumble bee'], wasp: ['hornet', 'yellowjacket'], ant: ['termite'],
    beetle: ['ladybug', 'ladybird', 'stag beetle', 'scarab', 'firefly'], cockroach: ['roach'],
    butterfly: ['monarch butterfly'], moth: [], dragonfly: ['damselfly'], fly: ['housefly', 'mosquito', 'gnat'],
    grasshopper: ['cricket', 'locust'], mantis: ['praying mantis'],
  }),
  f('arachnid', 'animal', 'arachnid body plan (eight legs)', ['arachnid#1'], {
    spider: ['jumping spider', 'black widow', 'wolf spider'], tarantula: [], scorpion: [],
  }),
  // Many segments, a pair of legs each: centipedes and millipedes are no six-legged insects.
  f('myriapod', 'animal', 'myriapod body plan (many segments, many legs)', ['myriapod#1'], { centipede: [], millipede: [] }),
  f('crustacean', 'animal', 'crustacean body plan (claws)', ['crustacean#1'], {
    crab: ['hermit crab', 'king crab'], lobster: ['crayfish', 'crawfish'], shrimp: ['prawn'],
  }),
  f('mollusc', 'animal', 'mollusc and sea invertebrate forms', ['mollusk#1', 'cnidarian#1', 'echinoderm#1'], {
    'sea cucumber': ['holothurian'], 'sea urchin': ['urchin', 'echinoid'], 'sea anemone': ['actinia', 'actinian', 'anthozoan'],
    octopus: [], squid: ['cuttlefish'], seashell: ['sea shell', 'clam', 'oyster', 'scallop', 'mussel', 'conch', 'nautilus'],
    jellyfish: [], starfish: ['sea star'],
  }),
  // vehicles by kind
  f('motorcycle', 'vehicle', 'two-wheeled motor vehicle', ['motorcycle#1', 'motor scooter#1', 'moped#1'], {
    motorcycle: ['motorbike', 'dirt bike', 'chopper', 'harley', 'superbike'], scooter: ['moped', 'vespa', 'motor scooter'],
  }),
  f('tractor', 'vehicle', 'tractor', ['tractor#1'], { tractor: ['farm tractor'] }),
  // Armoured vehicles and personnel carriers (an APC, an armoured car) are built on the tank's tracked hull,
  // not as a car or, through "carrier", a ship; the tank's row names the class they are.
  f('construction-machine', 'vehicle', 'construction machine (tracks, bucket, blade)', ['bulldozer#1', 'power shovel#1', 'forklift#1', 'tank#1', 'steamroller#2', 'armored vehicle#1', 'personnel carrier#1'], {
    bulldozer: ['dozer'], excavator: ['digger', 'backhoe'], loader: ['front loader', 'wheel loader'],
    steamroller: ['road roller'], forklift: ['fork lift'], tank: ['army tank', 'battle tank', 'military vehicle', 'armored vehicle', 'armoured vehicle'],
  }),
  // Towed homes (a camper trailer, an airstream, a caravan) are wheeled boxes with no motor: WordNet's
  // "trailer, house trailer", not a car.
  f('wagon', 'vehicle', 'wagon and cart', ['wagon#1', 'cart#1', 'handcart#1', 'carriage#2', 'carriage#5', 'wheelbarrow#1', 'sled#1', 'trailer#4'], {
    wagon: ['waggon', 'hay wagon'], 'covered wagon': ['prairie schooner', 'conestoga wagon'], cart: ['handcart', 'pushcart', 'oxcart'],
    wheelbarrow: ['barrow', 'wheel barrow'], carriage: ['stagecoach', 'horse carriage', 'buggy'], stroller: ['pram', 'baby carriage', 'pushchair'],
    'shopping cart': ['shopping trolley'], chariot: [],
    trailer: ['travel trailer', 'camper trailer', 'house trailer', 'teardrop trailer', 'teardrop camper', 'airstream', 'airstream trailer', 'camping trailer'],
    caravan: ['touring caravan', 'static caravan'],
  }),
  f('helicopter', 'vehicle', 'rotorcraft', ['helicopter#1'], { helicopter: ['heli'] }),
  f('balloon', 'vehicle', 'lighter-than-air craft', ['balloon#1', 'airship#1'], {
    'hot air balloon': ['balloon'], airship: ['blimp', 'zeppelin', 'dirigible'], 'flying saucer': ['ufo', 'saucer'],
  }),
  // musical instruments
  f('string-instrument', 'prop', 'string instrument', ['stringed instrument#1'], {
    guitar: ['acoustic guitar', 'classical guitar', 'bass guitar'], 'electric guitar': [], violin: ['fiddle', 'viola', 'bowed stringed instrument'],
    cello: ['double bass', 'contrabass', 'bass fiddle'], ukulele: ['uke'], banjo: [], harp: ['lyre'], lute: ['mandolin'],
  }),
  f('piano', 'prop', 'keyboard instrument', ['piano#1', 'keyboard instrument#1', 'electronic instrument#1'], {
    piano: ['grand piano', 'upright piano', 'pianoforte', 'harpsichord'],
  }),
  f('drum', 'prop', 'percussion instrument', ['drum#1', 'percussion instrument#1'], {
    drum: ['snare drum', 'bass drum', 'bongo', 'tom tom', 'timpani', 'kettledrum'], 'drum kit': ['drum set', 'drumkit', 'drums'],
  }),
  f('wind-instrument', 'prop', 'wind instrument', ['wind instrument#1'], {
    trumpet: ['cornet', 'bugle', 'trombone', 'french horn', 'brass instrument'], saxophone: ['sax', 'clarinet', 'oboe', 'woodwind instrument'], flute: ['recorder', 'piccolo', 'fife'],
    tuba: ['sousaphone', 'euphonium'], accordion: ['concertina'],
  }),
  // household appliances and devices
  f('appliance', 'prop', 'household appliance', ['home appliance#1', 'appliance#2', 'record player#1', 'television receiver#1', 'radio receiver#1', 'computer#1', 'camera#1', 'telephone#1', 'typewriter#1', 'sewing machine#1'], {
    toaster: ['toaster oven'], microwave: ['microwave oven'], refrigerator: ['fridge', 'icebox', 'freezer'],
    'washing machine': ['dryer', 'tumble dryer'], oven: ['stove', 'cooker'], blender: ['food processor', 'juicer'],
    'stand mixer': ['mixer', 'kitchenaid'], 'coffee machine': ['espresso machine', 'coffee maker', 'coffeemaker'],
    'record player': ['turntable', 'phonograph'], gramophone: [], radio: ['transistor radio', 'boombox', 'stereo', 'cassette player', 'tape player', 'tape deck', 'tape recorder'],
    television: ['tv', 'tv set', 'television set', 'crt tv', 'crt'], computer: ['desktop computer', 'pc'], monitor: ['computer monitor', 'crt monitor', 'computer screen', 'lcd monitor'],
    laptop: ['notebook computer', 'macbook'], camera: ['camcorder', 'polaroid'], telephone: ['phone', 'rotary telephone', 'rotary phone'],
    smartphone: ['cell phone', 'mobile phone', 'cellphone', 'iphone'], typewriter: [], 'sewing machine': [],
    'vacuum cleaner': ['vacuum', 'hoover', 'robot vacuum'], 'game controller': ['controller', 'gamepad'],
    fan: ['desk fan', 'electric fan'], speaker: ['loudspeaker'],
  }),
  // clothing and carried things
  f('hat', 'prop', 'headwear', ['headdress#1', 'helmet#1', 'helmet#2'], {
    'top hat': ['tophat'], 'cowboy hat': ['stetson'], cap: ['baseball cap'], helmet: ['motorcycle helmet', 'space helmet'],
    beanie: ['knit cap', 'toque'], sombrero: [], 'witch hat': ['wizard hat'], hat: ['fedora', 'bowler hat', 'bowler', 'trilby', 'panama hat', 'sun hat'],
  }),
  f('shoe', 'prop', 'footwear', ['footwear#2', 'shoe#1', 'boot#1'], {
    shoe: ['loafer', 'oxford', 'dress shoe', 'clog'], boot: ['cowboy boot', 'hiking boot', 'rain boot', 'wellington'], sneaker: ['running shoe', 'tennis shoe'],
    'high heel': ['stiletto', ], sandal: ['flip flop', 'flipflop'], slipper: ['ballet slipper', 'ballet shoe'],
  }),
  f('bag', 'vessel', 'bag and basket', ['bag#1', 'bag#4', 'bag#6', 'basket#1', 'luggage#1'], {
    backpack: ['rucksack', 'knapsack'], handbag: ['purse', 'bag', 'tote', 'satchel'], suitcase: ['luggage', 'briefcase', 'valise'], basket: ['wicker basket', 'picnic basket'],
  }),
  // tools and small objects
  f('hand-tool', 'tool', 'hand tool', ['hand tool#1', 'power tool#1', 'wrench#1', 'screwdriver#1', 'handsaw#1', 'scissors#1', 'pliers#1', 'key#1', 'padlock#1', 'magnifier#1'], {
    wrench: ['spanner', 'monkey wrench', 'pliers'], screwdriver: [], saw: ['hand saw', 'handsaw', 'hacksaw'], scissors: ['shears'],
    key: ['skeleton key'], padlock: ['lock'], 'magnifying glass': ['magnifier'],
  }),
  f('weapon', 'tool', 'ranged weapon', ['bow#4', 'crossbow#1', 'gun#1', 'firearm#1', 'gun#2', 'cannon#1'], {
    bow: ['longbow', 'recurve bow', 'bow and arrow', 'bow and arrows'], crossbow: [],
    gun: ['pistol', 'revolver', 'handgun', 'six shooter', 'flintlock pistol', 'blaster'], rifle: ['musket', 'shotgun', 'sniper rifle', 'carbine'],
    cannon: ['artillery'],
  }),
  f('object', 'prop', 'everyday object', ['anchor#1', 'umbrella#1', 'hourglass#1', 'telescope#1', 'microscope#1', 'compass#1', 'fireplug#1', 'mailbox#1', 'birdcage#1', 'skateboard#1', 'surfboard#1', 'racket#4', 'ladder#1', 'spectacles#1'], {
    anchor: [], umbrella: ['parasol'], hourglass: ['sand timer'], telescope: ['spyglass'], microscope: [], compass: [],
    'fire hydrant': ['hydrant', 'fireplug'], mailbox: ['letterbox', 'postbox'], 'traffic cone': [], birdcage: ['bird cage', 'cage'],
    skateboard: [], surfboard: [], 'tennis racket': ['racket', 'racquet'], 'baseball bat': [],
    ladder: ['step ladder', 'stepladder'], glasses: ['spectacles', 'eyeglasses', 'sunglasses'],
  }),
  // food
  f('dish', 'food', 'plated food', ['french fries#1', 'hotdog#2', 'taco#2', 'sushi#1', 'egg#2', 'steak#1', 'broccoli#2'], {
    fries: ['french fries', 'french fry'], 'hot dog': ['hotdog', 'frankfurter', 'sausage'], taco: ['burrito'], sushi: ['maki', 'nigiri', 'sashimi'],
    egg: ['fried egg', 'boiled egg', 'eggs'], steak: [], broccoli: ['cauliflower'], grapes: ['grape', 'bunch of grapes'],
    pineapple: ['ananas'], strawberry: ['raspberry'], ramen: ['noodles', 'noodle soup'],
    // A bar of chocolate, moulded in squares (hot chocolate, the drink, is read from its own description).
    'chocolate bar': ['bar of chocolate', 'candy bar', 'chocolate bars', 'bar of dark chocolate'],
  }),
  // buildings, landmarks, sculpture
  f('landmark', 'building', 'landmark', ['pyramid#3', 'bridge#1', 'igloo#1', 'pagoda#1', 'well#1'], {
    pyramid: [], bridge: ['footbridge'], igloo: [], pagoda: [], well: ['wishing well'], 'eiffel tower': [],
  }),
  f('skull', 'prop', 'skull', [], { skull: ['cranium', 'human skull', 'skull and crossbones'] }),
  f('bust', 'prop', 'bust (head and shoulders)', ['bust#3'], { bust: ['head sculpture', 'marble bust'] }),
];

/**
 * Profiles of catalogue categories whose generator already varies by noun: the quadruped rig's
 * species table, bird and fish shapes, fruit shapes, dinosaurs. Their words join the category's.
 */
export const CORE_PROFILES: Record<string, Record<string, string[]>> = {
  dog: { wolf: [], fox: [], dog: ['puppy', 'hound', 'pup', 'doggy'] },
  cat: { tiger: [], lion: ['lioness'], leopard: ['snow leopard', 'panther', 'jaguar', 'cheetah', 'lynx'], cat: ['kitten', 'kitty'] },
  horse: { zebra: [], donkey: ['mule', 'burro'], deer: ['reindeer', 'elk', 'moose', 'stag', 'fawn', 'antelope', 'gazelle'], giraffe: [], unicorn: [], horse: ['pony', 'stallion', 'mare', 'foal'] },
  cow: { cow: ['bull', 'ox', 'cattle', 'calf'], bison: ['buffalo', 'yak'] },
  pig: { sheep: ['lamb', 'ram'], goat: ['mountain goat'], pig: ['hog', 'boar', 'piglet', 'swine'] },
  elephant: { rhinoceros: ['rhino'], hippopotamus: ['hippo'], elephant: ['mammoth'] },
  rabbit: { mouse: ['rat', 'hamster', 'gerbil', 'guinea pig', 'rodent'], squirrel: ['chipmunk'], rabbit: ['bunny', 'hare'] },
  dragon: { dinosaur: ['t rex', 'trex', 'tyrannosaurus', 'triceratops', 'stegosaurus', 'raptor'], crocodile: ['alligator', 'caiman'], dragon: ['drake', 'wyvern'] },
  turtle: { snail: ['slug'], tortoise: [], turtle: ['sea turtle', 'terrapin'] },
  // Worms keep the snake's category (a long body without legs) with a segmented form of their own.
  snake: { worm: ['earthworm', 'annelid', 'nightcrawler', 'roundworm', 'flatworm'], leech: ['bloodsucker'] },
  bird: {
    owl: [], penguin: [], duck: ['rubber duck', 'duckling', 'goose', 'swan'], chicken: ['hen', 'rooster', 'chick'], eagle: ['hawk', 'falcon', 'vulture'],
    parrot: ['macaw', 'cockatoo'], flamingo: ['heron', 'crane', 'stork'], peacock: [], bird: ['sparrow', 'crow', 'pigeon', 'robin'],
  },
  fish: { shark: [], whale: ['orca'], dolphin: ['porpoise'], goldfish: ['koi'], clownfish: [], pufferfish: ['blowfish'], seahorse: ['sea horse'], fish: ['salmon', 'trout', 'tuna'] },
  apple: { pumpkin: ['jack o lantern', 'squash', 'gourd'], orange: ['tangerine', 'mandarin'], lemon: [], watermelon: ['melon'], apple: [], tomato: [], cherry: [], peach: ['plum', 'apricot'] },
};

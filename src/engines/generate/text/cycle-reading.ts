/**
 * What a pedal or small wheeled vehicle looks like, read from what WordNet says of it: its wheels ("a
 * single wheel", "three wheels", "two-wheeled"), a very large front wheel, two sets of pedals and seats,
 * fat tyres, a motor, or no seat at all (a stationary exercise bike stands on a base). One bicycle rig
 * makes a unicycle, a tricycle, a tandem or a penny-farthing as itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the bicycle generator (./generators/vehicles.ts).
 */
import { firstMatch, kindWords, plainGloss, rememberedByWord, sensesOf } from './reading-kit.ts';

const COUNTS: [RegExp, 1 | 2 | 3][] = [
  [/\bsingle wheel|\bone wheel|\bone-wheeled/, 1],
  [/\bthree wheels|\bthree-wheeled/, 3],
  [/\btwo wheels|\btwo-wheeled/, 2],
];

/** The form a cycle's description gives, or undefined when it says nothing beyond "a bicycle". */
export const cycleForm = rememberedByWord((word: string) => {
  const sense = [...sensesOf(word)].find((s) =>
    /\b(bicycle|bike|cycle|wheeled vehicle|pedals?|exercise device)\b/.test(`${s.gloss} ${kindWords(s, 1).join(' ')}`),
  );
  if (!sense) return undefined;
  const gloss = plainGloss(sense);
  const count = firstMatch(COUNTS, gloss);
  const tandem = /\btwo sets of pedals|\btwo seats|\bfor two\b/.test(gloss);
  const bigFrontWheel = /\bvery large front wheel|\blarge front wheel|\bpedals on the front wheel/.test(gloss);
  const fatTyres = /\bfat tires|\bfat tyres|\bsturdy frame|\bknobby/.test(gloss);
  const stationary = /\bstationary|\bexercise/.test(gloss);
  const pedalled = /\bpedal|\bbicycle|\bbike\b/.test(gloss);
  // Fat tyres alone leave a bicycle a bicycle: only a different rig (wheels, seats, a stand) is read.
  if ((!count || count === 2) && !tandem && !bigFrontWheel && !stationary) return undefined;
  if (!pedalled) return undefined;
  const wheels = count ?? 2;
  const what =
    wheels === 1
      ? 'one wheel'
      : wheels === 3
        ? 'three wheels'
        : stationary
          ? 'a flywheel on a stand'
          : bigFrontWheel
            ? 'a very large front wheel'
            : 'two wheels';
  const extras = [tandem ? 'two seats and two sets of pedals' : '', fatTyres ? 'fat tyres' : ''].filter(Boolean);
  return {
    wheels,
    tandem,
    bigFrontWheel,
    fatTyres,
    stationary,
    summary: `pedal cycle: ${what}${extras.length ? `, ${extras.join(', ')}` : ''}`,
  };
});

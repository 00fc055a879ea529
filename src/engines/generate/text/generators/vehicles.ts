/**
 * The bicycle family, whose caller reads the cycle's description (or a modifier's setting) and whose row
 * (./parts/cycle-forms.json) draws it. The car, bus, truck, airplane, boat, rocket and train are rows of
 * ./parts/vehicles.json.
 */
import { cycleForm } from '../cycle-reading.ts';
import type { GenContext } from './kit.ts';
import { setting } from './modifiers.ts';
import { buildRow } from './part-list.ts';

export function bicycle(ctx: GenContext): void {
  // A cycle read from its own description (../cycle-reading.ts): its wheels, a tandem's second seat, a
  // penny-farthing's big front wheel, fat tyres, or an exercise bike's stand; ./parts/cycle-forms.json draws it.
  const read = cycleForm(ctx.interpretation.profile ?? '');
  buildRow(ctx, 'cycle-forms', 'bicycle', {
    wheels: read?.wheels ?? setting(ctx, 'cycle', 'wheels') ?? 2,
    tandem: +!!read?.tandem,
    bigFrontWheel: +!!read?.bigFrontWheel,
    fatTyres: +!!read?.fatTyres,
    stationary: +!!read?.stationary,
  });
}

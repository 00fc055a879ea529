/**
 * Myriapods: a long chain of like segments, each with a pair of legs (a centipede's flat, spread and
 * reddish; a millipede's round, short-legged, dark and curling), a head with antennae. The insect's six
 * legs and three segments stood in for them. The plan is the row of ../parts/myriapod-plan.json.
 */
import { Type } from '@sinclair/typebox';
import { bodyRows } from '../bodies.ts';
import type { GenContext } from '../kit.ts';
import { buildRow } from '../part-list.ts';

/** A myriapod's row (../bodies.json, plan `myriapod`): segments, their radius and flatness, leg length, curl. */
const ROWS = bodyRows(
  'myriapod',
  Type.Object(
    {
      segments: Type.Integer({ minimum: 2 }),
      radius: Type.Number(),
      flat: Type.Number(),
      leg: Type.Number(),
      colour: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
      curl: Type.Number(),
    },
    { additionalProperties: false },
  ),
);

export function myriapod(ctx: GenContext): void {
  const row = ROWS[ctx.interpretation.profile ?? ''] ?? ROWS.centipede;
  buildRow(ctx, 'myriapod-plan', 'myriapod', { ...row, colour: ctx.interpretation.colours[0]?.rgb ?? row.colour });
}

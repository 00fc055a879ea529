/**
 * Bang's piece names (a product rule clients rely on): `part_01`, `part_02`, … with at least two
 * digits, more when there are 100+ pieces.
 */
export function partName(index: number, count: number): string {
  const digits = Math.max(2, String(count).length);
  return `part_${String(index + 1).padStart(digits, '0')}`;
}

/** Volume maths of the calculator (spec §9): pure, shared by the list, the total and the search. */
import { parseDecimal } from 'shared-i18n';

export const UNITS = ['cm', 'm', 'in', 'ft'] as const;
export type Unit = (typeof UNITS)[number];

export interface Dimensions {
  length: number;
  width: number;
  height: number;
  unit: string;
}

/** Factor from the product of the three dimensions to m³; m and unknown units are taken as is. */
export function cubicFactor(unit: string): number {
  switch (unit) {
    case 'cm':
      return 1 / 1_000_000;
    case 'in':
      return 0.000016387;
    case 'ft':
      return 0.0283168;
    default:
      return 1;
  }
}

/** One object's volume in m³; any dimension ≤ 0 (or not a number) gives 0, with no message. */
export function unitVolume({ length, width, height, unit }: Dimensions): number {
  if (![length, width, height].every((d) => Number.isFinite(d) && d > 0)) return 0;
  if (unit === 'cm') return (length * width * height) / 1_000_000;
  return length * width * height * cubicFactor(unit);
}

/** Quantity counts: a line is its unit volume times its quantity (settled open point). */
export function lineVolume(item: Dimensions & { quantity: number }): number {
  return unitVolume(item) * item.quantity;
}

export function totalVolume(items: readonly (Dimensions & { quantity: number })[]): number {
  return items.reduce((sum, item) => sum + lineVolume(item), 0);
}

/** A dimension as typed: a number, or 0 when it is not one. */
export function parseDimension(text: string): number {
  const value = parseDecimal(text);
  return Number.isFinite(value) ? value : 0;
}

/** A quantity as typed: a whole number of at least 1, or 1 when it is not one. */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

export function isUnit(value: string): value is Unit {
  return (UNITS as readonly string[]).includes(value);
}

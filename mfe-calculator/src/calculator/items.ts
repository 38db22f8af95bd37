import { z } from 'zod';
import type { Preset } from './presets';

/** One line of the calculator list (spec §3); its volume is derived, never stored. */
export const calculatorItem = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  displayName: z.string().max(200),
  length: z.number().finite(),
  width: z.number().finite(),
  height: z.number().finite(),
  unit: z.string().max(8),
  quantity: z.number().int().min(1).max(10_000),
});
export type CalculatorItem = z.infer<typeof calculatorItem>;

export const calculatorList = z.array(calculatorItem).max(500);

/** Unique enough for a list in one browser; randomUUID is missing outside secure contexts. */
export function newItemId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function itemFromPreset(preset: Preset, id: string = newItemId()): CalculatorItem {
  return {
    id,
    name: preset.displayName,
    displayName: preset.displayName,
    length: preset.length,
    width: preset.width,
    height: preset.height,
    unit: preset.unit,
    quantity: 1,
  };
}

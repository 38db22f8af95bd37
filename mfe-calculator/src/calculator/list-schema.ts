// zod/mini, loaded only when there is something to check (a stored list, a shared link): a first
// visit to the calculator carries no zod at all.
import * as z from 'zod/mini';

/** One line of the calculator list (spec §3); its volume is derived, never stored. */
export const calculatorItem = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  displayName: z.string().check(z.maxLength(200)),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  unit: z.string().check(z.maxLength(8)),
  quantity: z.int().check(z.gte(1), z.lte(10_000)),
});
export type CalculatorItem = z.infer<typeof calculatorItem>;

export const calculatorList = z.array(calculatorItem).check(z.maxLength(500));

/** What zustand's persist writes: the list and the store's version. */
export const savedList = z.object({ state: z.object({ items: calculatorList }), version: z.optional(z.number()) });

/** A shared link's compact line: [name, length, width, height, unit, quantity]. */
const sharedLine = z.tuple([
  z.string().check(z.maxLength(200)),
  z.number(),
  z.number(),
  z.number(),
  z.string().check(z.maxLength(8)),
  z.int().check(z.gte(1), z.lte(10_000)),
]);
export const sharedList = z.array(sharedLine).check(z.minLength(1), z.maxLength(200));

import type { CalculatorItem } from '../calculator/items';

/** What opening a shared list does to the visitor's own list. */
export type SharedListChoice = 'replace' | 'add' | 'cancel';

/** The same objects, sizes and counts, whatever their ids. */
const sameItem = (a: CalculatorItem, b: CalculatorItem) =>
  a.name === b.name &&
  a.length === b.length &&
  a.width === b.width &&
  a.height === b.height &&
  a.unit === b.unit &&
  a.quantity === b.quantity;

/**
 * Whether to ask: nothing to lose when the visitor has no list yet, or when the shared list is
 * the one already here (a link opened twice); otherwise their list is theirs to keep.
 */
export function needsChoice(own: CalculatorItem[], shared: CalculatorItem[]): boolean {
  if (own.length === 0) return false;
  return !(own.length === shared.length && own.every((item, i) => sameItem(item, shared[i] as CalculatorItem)));
}

/** The list after the visitor's choice. */
export function applySharedList(
  own: CalculatorItem[],
  shared: CalculatorItem[],
  choice: SharedListChoice,
): CalculatorItem[] {
  if (choice === 'replace') return shared;
  if (choice === 'add') return [...own, ...shared];
  return own;
}

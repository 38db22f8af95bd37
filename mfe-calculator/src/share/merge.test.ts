import { describe, expect, it } from 'vitest';
import type { CalculatorItem } from '../calculator/items';
import { applySharedList, needsChoice } from './merge';

const item = (id: string, name: string, quantity = 1): CalculatorItem => ({
  id,
  name,
  displayName: name,
  length: 100,
  width: 50,
  height: 80,
  unit: 'cm',
  quantity,
});

describe('opening a shared list', () => {
  const mine = [item('a', 'Sofá')];
  const shared = [item('x', 'Nevera'), item('y', 'Cama', 2)];

  it('asks only when the visitor has a different list of their own', () => {
    expect(needsChoice([], shared)).toBe(false);
    expect(needsChoice([item('p', 'Nevera'), item('q', 'Cama', 2)], shared)).toBe(false);
    expect(needsChoice(mine, shared)).toBe(true);
    expect(needsChoice([item('p', 'Nevera'), item('q', 'Cama', 3)], shared)).toBe(true);
  });

  it('replaces, adds to or keeps the own list', () => {
    expect(applySharedList(mine, shared, 'replace')).toEqual(shared);
    expect(applySharedList(mine, shared, 'add')).toEqual([...mine, ...shared]);
    expect(applySharedList(mine, shared, 'cancel')).toEqual(mine);
  });
});

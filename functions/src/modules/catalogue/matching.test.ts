import { describe, expect, it } from 'vitest';
import { availableStock, type CatalogueEntry, DEFAULT_STOCK, matchProducts, unitsRequired } from './matching';

const entry = (pid: number, sizeM3: number, monthly: number, stock: number, stockControl = true): CatalogueEntry => ({
  pid,
  gid: 2,
  name: `P${pid}`,
  description: '',
  sizeM3,
  monthly,
  quarterly: -1,
  semiannually: -1,
  annually: -1,
  setupFee: 0,
  stockControl,
  stock,
});

describe('unitsRequired', () => {
  it('is the ceiling of volume over size, at least one', () => {
    expect(unitsRequired(2, 2)).toBe(1);
    expect(unitsRequired(2.01, 2)).toBe(2);
    expect(unitsRequired(0.1, 18)).toBe(1);
    expect(unitsRequired(0.1 + 0.2, 0.1)).toBe(3);
  });
});

describe('availableStock', () => {
  it('is the stock column with stock control, 100 without', () => {
    expect(availableStock(entry(1, 1, 1, 3))).toBe(3);
    expect(availableStock(entry(1, 1, 1, 0, false))).toBe(DEFAULT_STOCK);
  });
});

describe('matchProducts', () => {
  const catalogue = [
    entry(1, 1, 30, 10), // 5 m³ → 5 units: too many
    entry(2, 2, 49, 2), // 3 units, stock 2: waitlist
    entry(3, 3, 62, 10), // 2 units → 124
    entry(4, 6, 95, 9), // 1 unit → 95
    entry(5, 10, 139, 0), // 1 unit, no stock: waitlist
    entry(6, 18, 219, 1), // 1 unit → 219
  ];

  it('keeps fitting products whose stock covers the units, cheapest total first', () => {
    const result = matchProducts(catalogue, 5, false);
    expect(result.map((m) => [m.entry.pid, m.unitsRequired])).toEqual([
      [4, 1],
      [3, 2],
      [6, 1],
    ]);
  });

  it('lists for the waitlist the fitting products whose stock falls short', () => {
    expect(matchProducts(catalogue, 5, true).map((m) => m.entry.pid)).toEqual([5, 2]);
  });

  it('never combines more than three units', () => {
    expect(matchProducts(catalogue, 60, false)).toEqual([]);
    expect(matchProducts(catalogue, 60, true)).toEqual([]);
    // 54 m³ = three 18 m³ units; one in stock, so it is a waitlist option only.
    expect(matchProducts(catalogue, 54, false)).toEqual([]);
    expect(matchProducts(catalogue, 54, true).map((m) => [m.entry.pid, m.unitsRequired])).toEqual([[6, 3]]);
    const stocked = [entry(7, 18, 219, 3)];
    expect(matchProducts(stocked, 54, false).map((m) => m.unitsRequired)).toEqual([3]);
  });

  it('returns at most six options', () => {
    const many = Array.from({ length: 10 }, (_, i) => entry(100 + i, 10, 100 + i, 5));
    expect(matchProducts(many, 1, false)).toHaveLength(6);
    expect(matchProducts(many, 1, false)[0]?.entry.pid).toBe(100);
  });

  it('without a volume lists the whole catalogue, one unit each', () => {
    expect(matchProducts(catalogue, undefined, false)).toHaveLength(6);
    expect(matchProducts(catalogue, undefined, true).map((m) => m.entry.pid)).toEqual([5]);
  });
});

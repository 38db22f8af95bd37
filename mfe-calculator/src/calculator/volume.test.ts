import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';
import { lineVolume, parseDimension, parseQuantity, totalVolume, unitVolume } from './volume';

describe('unitVolume', () => {
  it('converts each unit as the spec says', () => {
    expect(unitVolume({ length: 100, width: 100, height: 100, unit: 'cm' })).toBeCloseTo(1, 12);
    expect(unitVolume({ length: 120, width: 60, height: 75, unit: 'cm' })).toBeCloseTo(0.54, 12);
    expect(unitVolume({ length: 2, width: 1.5, height: 1, unit: 'm' })).toBe(3);
    expect(unitVolume({ length: 10, width: 10, height: 10, unit: 'in' })).toBeCloseTo(0.016387, 9);
    expect(unitVolume({ length: 1, width: 2, height: 3, unit: 'ft' })).toBeCloseTo(6 * 0.0283168, 9);
  });

  it('treats an unknown unit as metres', () => {
    expect(unitVolume({ length: 1, width: 2, height: 3, unit: 'yd' })).toBe(6);
  });

  it.each([
    [0, 10, 10],
    [10, -1, 10],
    [10, 10, Number.NaN],
  ])('is 0 when a dimension is not positive (%s × %s × %s)', (length, width, height) => {
    expect(unitVolume({ length, width, height, unit: 'cm' })).toBe(0);
  });
});

describe('quantity and totals', () => {
  it('multiplies a line by its quantity and sums the lines', () => {
    const wardrobe = { length: 120, width: 60, height: 200, unit: 'cm', quantity: 2 };
    const box = { length: 50, width: 50, height: 50, unit: 'cm', quantity: 1 };
    expect(lineVolume(wardrobe)).toBeCloseTo(2.88, 12);
    expect(totalVolume([wardrobe, box])).toBeCloseTo(2.88 + 0.125, 12);
    expect(totalVolume([])).toBe(0);
  });

  it('has the spec’s sixteen presets, in cm, with the custom object at 50×50×50', () => {
    expect(PRESETS).toHaveLength(16);
    expect(PRESETS.every((p) => p.unit === 'cm' && p.name === p.id)).toBe(true);
    expect(PRESETS.find((p) => p.id === 'custom')).toMatchObject({
      displayName: 'Objeto personalizado',
      length: 50,
      width: 50,
      height: 50,
    });
    expect(PRESETS.find((p) => p.id === 'bed_frame_double')).toMatchObject({ length: 200, width: 180, height: 25 });
  });
});

describe('parsing what is typed', () => {
  it.each([
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['abc', 0],
    ['', 0],
    ['-3', -3],
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    [' 2 , 5 ', 2.5],
    ['1,5,', 0],
  ])('dimension %j → %s', (text, value) => expect(parseDimension(text)).toBe(value));

  it.each([
    ['3', 3],
    ['2.7', 2],
    ['0', 1],
    ['-4', 1],
    ['x', 1],
    ['', 1],
  ])('quantity %j → %s', (text, value) => expect(parseQuantity(text)).toBe(value));
});

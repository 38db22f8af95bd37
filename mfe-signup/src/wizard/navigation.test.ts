import { describe, expect, it } from 'vitest';
import { periodFromParam, serviceStepQuery, stepUrl, unitsOf } from './navigation';

describe('sign-up URLs', () => {
  it('builds step URLs with proceso', () => {
    expect(stepUrl('es', 'documents', 'abc')).toBe('/es/alta/documentos?proceso=abc');
    expect(stepUrl('en', undefined, null)).toBe('/en/signup');
    expect(stepUrl('en', 'service-details', 'abc', new URLSearchParams({ m3: '4.5' }))).toBe(
      '/en/signup/services?m3=4.5&proceso=abc',
    );
  });

  it('reads periodo as months', () => {
    expect(periodFromParam('1')).toBe('monthly');
    expect(periodFromParam('12')).toBe('annually');
    expect(periodFromParam('2')).toBeNull();
    expect(periodFromParam(null)).toBeNull();
  });

  it('keeps the calculator units (at most three) and volume for the draft', () => {
    expect(unitsOf({ unitsRequired: 3, volumeRequested: 4.5 })).toEqual({
      numberProductsRequired: 3,
      volumeRequested: 4.5,
    });
    expect(unitsOf({ unitsRequired: 7 })).toEqual({ numberProductsRequired: 3 });
    expect(unitsOf({})).toEqual({});
  });

  it('filters the service step by the volume the draft carries, with or without proceso', () => {
    const details = { productId: '1', productName: 'x', period: 'monthly' as const, setupFee: 0, recurringFee: 0 };
    expect(serviceStepQuery({ serviceDetails: { ...details, volumeRequested: 4.5 } }).toString()).toBe('m3=4.5');
    expect(serviceStepQuery({ serviceDetails: details }).toString()).toBe('');
    expect(serviceStepQuery({ serviceDetails: null }).toString()).toBe('');
  });
});

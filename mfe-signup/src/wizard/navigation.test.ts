import { describe, expect, it } from 'vitest';
import { periodFromParam, productSelection, stepUrl } from './navigation';

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

  it('reads productos: a productId at least, the calculator details when present', () => {
    const from = (value: string) => productSelection(new URLSearchParams({ productos: value }));
    expect(from('{"productId":204}')).toEqual({ productId: '204' });
    expect(from('{"productId":"204","productName":"Trastero 6 m³","unitsRequired":2,"volumeRequested":9.5}')).toEqual({
      productId: '204',
      productName: 'Trastero 6 m³',
      units: 2,
      volume: 9.5,
    });
    expect(from('{"productName":"x"}')).toBeNull();
    expect(from('not json')).toBeNull();
    expect(productSelection(new URLSearchParams())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceQrUrl, recordHash, recordTimestamp } from './verifactu';

describe('the VERI*FACTU record', () => {
  it('hashes the fields as the tax agency’s own example does', () => {
    // The agency's worked example (registro de alta, first record of the chain).
    expect(
      recordHash({
        issuerTaxId: '89890001K',
        number: '12345678/G33',
        issueDate: '2024-01-01',
        invoiceType: 'F1',
        vatCents: 1235,
        totalCents: 12345,
        previousHash: null,
        recordedAt: '2024-01-01T19:20:30+01:00',
      }),
    ).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it('chains: the same invoice after another record hashes differently', () => {
    const fields = {
      issuerTaxId: 'B00000000',
      number: 'F2026-000002',
      issueDate: '2026-11-26',
      invoiceType: 'F1' as const,
      vatCents: 781,
      totalCents: 4500,
      recordedAt: '2026-11-26T00:00:00+01:00',
    };
    const first = recordHash({ ...fields, previousHash: null });
    expect(recordHash({ ...fields, previousHash: first })).not.toBe(first);
    expect(first).toMatch(/^[0-9A-F]{64}$/);
  });

  it('writes the QR code’s address with the NIF, number, date (DD-MM-YYYY) and total', () => {
    const url = new URL(
      invoiceQrUrl({ issuerTaxId: 'B00000000', number: 'F2026-000123', issueDate: '2026-03-01', totalCents: 4550 }),
    );
    expect(url.origin + url.pathname).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: 'B00000000',
      numserie: 'F2026-000123',
      fecha: '01-03-2026',
      importe: '45.50',
    });
  });

  it('stamps the record with Madrid’s time and offset, winter and summer', () => {
    expect(recordTimestamp(new Date('2026-01-15T10:00:00Z'))).toBe('2026-01-15T11:00:00+01:00');
    expect(recordTimestamp(new Date('2026-07-15T10:00:00Z'))).toBe('2026-07-15T12:00:00+02:00');
  });
});

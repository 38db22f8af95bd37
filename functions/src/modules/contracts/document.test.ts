import { NOTICE_DAYS } from 'shared-api';
import { STORED_TEST_APPLICANT } from 'shared-api/testing';
import { describe, expect, it } from 'vitest';
import { contractDocument, mandateDocument } from './document';

const parties = { ...STORED_TEST_APPLICANT, registrationCode: 'K7P2QX', clientId: 'CL-000001' };
const service = {
  productId: '202',
  productName: 'Trastero 3 m³',
  period: 'monthly' as const,
  setupFee: 150,
  recurringFee: 62,
  numberProductsRequired: 1,
};
const business = {
  name: 'Almacenes Demo, S.L.',
  email: 'reservas@demo.example',
  address: 'Calle Ejemplo, 1',
  vat: { ratePercent: 21, included: true },
};
const mandate = {
  reference: 'MD-K7P2QX-ABC',
  creditorIdentifier: 'ES81000B00000000',
  creditorName: 'Almacenes Demo, S.L.',
  creditorAddress: 'Calle Ejemplo, 1',
  debtorName: 'Ana García',
  debtorAddress: 'Calle Real 1, 29400 Ronda',
  debtorIban: 'ES9121000418450200051332',
  signaturePlace: 'Pueblo de Ejemplo',
};
const date = new Date('2026-11-26T10:00:00Z');

describe('the storage contract', () => {
  it('is complete: units, start and renewal, price, deposit, SEPA, notice and how, access, goods, liability, data, law', () => {
    const text = contractDocument(parties, service, 150, business, mandate, date, {
      unitNumbers: ['B-012'],
      language: 'es',
    });
    for (const expected of [
      'trastero(s) B-012',
      '2. Duración y renovación.',
      'se renueva solo por periodos iguales',
      '3. Precio. 62,00\u00a0€ por periodo mensual, IVA (21 %) incluido, cobrado',
      '4. Fianza. 150,00\u00a0€',
      'adeudo directo SEPA',
      `avisando con ${NOTICE_DAYS} días de antelación`,
      'por correo electrónico a reservas@demo.example',
      '7. Acceso. Las 24 horas',
      '8. Bienes prohibidos.',
      '10. Responsabilidad y seguro.',
      '11. Protección de datos.',
      '13. Ley y jurisdicción.',
      'ORDEN DE DOMICILIACIÓN DE ADEUDO DIRECTO SEPA',
    ]) {
      expect(text).toContain(expected);
    }
    // No clause that only points back at the contract itself.
    expect(text).not.toContain('Según lo previsto en este contrato');
    expect(text).not.toContain('ENGLISH TRANSLATION');
  });

  it('for an English signer adds an English translation, the Spanish text prevailing', () => {
    const text = contractDocument(parties, service, 150, business, mandate, date, {
      unitNumbers: ['B-012', 'B-013'],
      language: 'en',
    });
    expect(text.indexOf('CONTRATO DE ALQUILER DE TRASTERO')).toBeLessThan(text.indexOf('ENGLISH TRANSLATION'));
    expect(text).toContain('ENGLISH TRANSLATION (for information: the Spanish text prevails)');
    expect(text).toContain('unit(s) B-012, B-013');
    expect(text).toContain(`with ${NOTICE_DAYS} days' notice`);
    expect(text).toContain('3. Price. €62.00 per monthly period, VAT (21%) included, collected');
  });

  it('says the VAT on top, and what is collected in all, where published prices do not include it', () => {
    const text = contractDocument(
      parties,
      service,
      150,
      { ...business, vat: { ratePercent: 21, included: false } },
      mandate,
      date,
      {
        unitNumbers: ['B-012'],
        language: 'en',
      },
    );
    expect(text).toContain(
      '3. Precio. 62,00\u00a0€ por periodo mensual más IVA (21 %), 75,02\u00a0€ en total, cobrado',
    );
    expect(text).toContain('3. Price. €62.00 per monthly period plus VAT (21%), €75.02 in all, collected');
  });

  it('starts on the move-in day chosen ahead, in both languages; on the signatures otherwise', () => {
    const ahead = { ...service, moveInDate: '2026-12-05' };
    const es = contractDocument(parties, ahead, 150, business, mandate, date, {
      unitNumbers: ['B-012'],
      language: 'en',
    });
    expect(es).toContain('El contrato empieza el 05/12/2026, día de entrada elegido por el Cliente');
    expect(es).toContain('The contract starts on 2026-12-05, the move-in day the Client chose');
    const today = contractDocument(parties, { ...service, moveInDate: '2026-11-26' }, 150, business, mandate, date);
    expect(today).toContain('El contrato empieza cuando ambas partes lo han firmado, con la entrega del acceso');
  });

  it('a mandate signed on its own names the one it replaces', () => {
    const text = mandateDocument(mandate, { reference: 'MD-K7P2QX-OLD', registrationCode: 'K7P2QX' }, 'en');
    expect(text).toContain('Referencia de la orden de domiciliación: MD-K7P2QX-ABC');
    expect(text).toContain('la de la firma electrónica de esta orden');
    expect(text).toContain('sustituye, desde su firma, a la orden MD-K7P2QX-OLD');
    expect(text).toContain('(This mandate replaces, once signed, mandate MD-K7P2QX-OLD');
  });
});

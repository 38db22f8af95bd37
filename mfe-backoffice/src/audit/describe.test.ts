import { describe, expect, it } from 'vitest';
import { type AuditTexts, describeAction, describeChange, describeTarget } from './describe';

const texts: AuditTexts = {
  action: (action) => ({ set_price: 'Cambió un precio', document_rejected: 'Rechazó un documento' })[action] ?? null,
  kind: (kind) => ({ registration: 'Alta', unit: 'Trastero', product: 'Producto' })[kind] ?? null,
  document: (type) => ({ backId: 'DNI/NIE · cara trasera' })[type] ?? null,
  yes: 'sí',
  no: 'no',
};

describe('the activity log, as sentences', () => {
  it('names actions in words, and says unknown ones readably', () => {
    expect(describeAction('set_price', texts)).toBe('Cambió un precio');
    expect(describeAction('totp_enable', texts)).toBe('totp enable');
  });

  it('names what an action was on', () => {
    expect(describeTarget('registration:K7P2QX:backId', texts)).toBe('Alta K7P2QX · DNI/NIE · cara trasera');
    expect(describeTarget('registration:K7P2QX', texts)).toBe('Alta K7P2QX');
    expect(describeTarget('unit:C-020', texts)).toBe('Trastero C-020');
    expect(describeTarget('report:units', texts)).toBe('report:units');
    expect(describeTarget(null, texts)).toBe('—');
  });

  it('says what changed field by field, not as JSON', () => {
    expect(describeChange({ monthly: 62, quarterly: 180 }, { monthly: 65, quarterly: 180 }, texts)).toEqual([
      'monthly: 62 → 65',
    ]);
    expect(
      describeChange({ reviewStatus: 'pending' }, { reviewStatus: 'rejected', rejectionReason: 'Borrosa' }, texts),
    ).toEqual(['reviewStatus: pending → rejected', 'rejectionReason: Borrosa']);
    expect(describeChange(null, { active: false, units: ['B-001', 'B-002'] }, texts)).toEqual([
      'active: no',
      'units: B-001, B-002',
    ]);
    expect(describeChange(null, null, texts)).toEqual([]);
  });
});

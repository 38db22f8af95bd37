/** Deposit of spec §9: 150 EUR for individuals, 300 EUR for companies, unless the product's setup fee says otherwise. */
export const DEFAULT_DEPOSIT_EUR = { individual: 150, company: 300 } as const;

export function depositFor(clientType: 'individual' | 'company', productSetupFee: number | null | undefined): number {
  if (typeof productSetupFee === 'number' && Number.isFinite(productSetupFee) && productSetupFee > 0) {
    return productSetupFee;
  }
  return DEFAULT_DEPOSIT_EUR[clientType];
}

/** What a product's deposit will be for each kind of client: the choice before the client type is known. */
export function depositsByClientType(
  productSetupFee: number | null | undefined,
): Record<'individual' | 'company', number> {
  return { individual: depositFor('individual', productSetupFee), company: depositFor('company', productSetupFee) };
}

/**
 * What a choice costs for a period: one unit's price times the units needed, to the cent. The
 * figure every page shows and the server charges (a card showing one unit's price as the
 * monthly price undersold a three-unit choice by two thirds).
 */
export function totalPrice(unitPrice: number, units: number): number {
  return Math.round(unitPrice * units * 100) / 100;
}

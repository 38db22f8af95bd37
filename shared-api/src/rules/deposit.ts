/** Deposit of spec §9: 150 EUR for individuals, 300 EUR for companies, unless the product's setup fee says otherwise. */
export const DEFAULT_DEPOSIT_EUR = { individual: 150, company: 300 } as const;

export function depositFor(clientType: 'individual' | 'company', productSetupFee: number | null | undefined): number {
  if (typeof productSetupFee === 'number' && Number.isFinite(productSetupFee) && productSetupFee > 0) {
    return productSetupFee;
  }
  return DEFAULT_DEPOSIT_EUR[clientType];
}

/** Invoices are F, credit notes (facturas rectificativas) a series of their own, R. */
export type InvoiceSeries = 'F' | 'R';

/** F2026-000123: the series, the year, and the number within that year, without gaps. */
export function invoiceNumber(series: InvoiceSeries, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new RangeError('invoice sequence');
  return `${series}${year}-${String(sequence).padStart(6, '0')}`;
}

import { createHash } from 'node:crypto';
import { decimalEuros } from './amounts';

/**
 * Spain's rules for invoicing software (RD 1007/2023, VERI*FACTU): every invoice record carries
 * the SHA-256 "huella" of the issuer's previous record, and every invoice a QR code with which the
 * customer can check it at the tax agency. The fields and their order are the agency's
 * ("Especificaciones técnicas para la generación de la huella o hash", registro de alta);
 * submitting the records to the agency is a provider's job, not done here.
 */
export interface InvoiceRecordFields {
  /** IDEmisorFactura: the issuer's NIF. */
  issuerTaxId: string;
  /** NumSerieFactura. */
  number: string;
  /** FechaExpedicionFactura, `YYYY-MM-DD`. */
  issueDate: string;
  /** TipoFactura: F1 an invoice, R1 a credit note. */
  invoiceType: 'F1' | 'R1';
  /** CuotaTotal, cents. */
  vatCents: number;
  /** ImporteTotal, cents. */
  totalCents: number;
  /** Huella of the issuer's previous record; null for the first. */
  previousHash: string | null;
  /** FechaHoraHusoGenRegistro: when the record was made, with the zone's offset. */
  recordedAt: string;
}

/** `YYYY-MM-DD` as the agency writes a date: `DD-MM-YYYY`. */
const agencyDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** The record's hash: SHA-256 of `field=value&…` in UTF-8, upper-case hex. */
export function recordHash(fields: InvoiceRecordFields): string {
  const text = [
    `IDEmisorFactura=${fields.issuerTaxId.trim()}`,
    `NumSerieFactura=${fields.number.trim()}`,
    `FechaExpedicionFactura=${agencyDate(fields.issueDate)}`,
    `TipoFactura=${fields.invoiceType}`,
    `CuotaTotal=${decimalEuros(fields.vatCents)}`,
    `ImporteTotal=${decimalEuros(fields.totalCents)}`,
    `Huella=${fields.previousHash ?? ''}`,
    `FechaHoraHusoGenRegistro=${fields.recordedAt}`,
  ].join('&');
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The agency's page that checks an invoice from its QR code (VERI*FACTU systems). */
const AGENCY_QR_URL = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR';

/** What the invoice's QR code encodes: the agency's check page with the NIF, number, date and total. */
export function invoiceQrUrl(
  fields: Pick<InvoiceRecordFields, 'issuerTaxId' | 'number' | 'issueDate' | 'totalCents'>,
  base = AGENCY_QR_URL,
): string {
  const query = new URLSearchParams({
    nif: fields.issuerTaxId,
    numserie: fields.number,
    fecha: agencyDate(fields.issueDate),
    importe: decimalEuros(fields.totalCents),
  });
  return `${base}?${query.toString()}`;
}

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** An instant as the agency wants it: Madrid's wall time with its offset, `2026-11-26T21:50:00+01:00`. */
export function recordTimestamp(instant: Date): string {
  const part = Object.fromEntries(madridParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const offset = (part.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}

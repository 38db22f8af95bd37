import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ReturnReasonCode } from 'shared-api/backoffice';

/**
 * The bank's answers about a remittance, read from the two ISO 20022 reports Spanish banks send:
 * the payment status report (pain.002: collections rejected before settlement, or settled) and
 * the debit/credit notification (camt.054: collections credited, and returns with their reason).
 */
export interface BankOutcome {
  endToEndId: string;
  outcome: 'paid' | 'returned';
  /** The ISO reason code of a return (AM04 insufficient funds, AC04 closed account…). */
  reason: string | null;
}

export interface BankReport {
  kind: 'pain.002' | 'camt.054';
  messageId: string;
  outcomes: BankOutcome[];
}

/** A file that is not a report we read, or that lacks what one must say: the message names where. */
export class BankReportError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) =>
    ['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls'].includes(name),
});

type Node = Record<string, unknown>;
const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as Node)[name] : undefined;
const list = (node: unknown, name: string): unknown[] => {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};
const text = (node: unknown): string | null => {
  if (typeof node === 'string') return node.trim() || null;
  const inner = child(node, '#text');
  return typeof inner === 'string' ? inner.trim() || null : null;
};
const path = (node: unknown, ...names: string[]): unknown => names.reduce((at, name) => child(at, name), node);

/** The reason code of a rejection or a return, wherever the report puts it. */
const reasonCode = (reason: unknown): string | null =>
  text(path(reason, 'Rsn', 'Cd')) ?? text(path(reason, 'Rsn', 'Prtry'));

function readPain002(document: unknown): BankReport {
  const report = child(document, 'CstmrPmtStsRpt');
  const messageId = text(path(report, 'GrpHdr', 'MsgId'));
  if (!messageId) throw new BankReportError('pain.002: falta GrpHdr/MsgId / missing GrpHdr/MsgId');
  const outcomes: BankOutcome[] = [];
  list(report, 'OrgnlPmtInfAndSts').forEach((block, b) => {
    list(block, 'TxInfAndSts').forEach((tx, t) => {
      const where = `OrgnlPmtInfAndSts[${b + 1}]/TxInfAndSts[${t + 1}]`;
      const endToEndId = text(child(tx, 'OrgnlEndToEndId'));
      const status = text(child(tx, 'TxSts'));
      if (!endToEndId) throw new BankReportError(`pain.002: falta OrgnlEndToEndId en ${where} / missing in ${where}`);
      if (!status) throw new BankReportError(`pain.002: falta TxSts en ${where} / missing in ${where}`);
      // ACCP/PDNG say nothing final; only a rejection or a settlement changes a collection.
      if (status === 'RJCT') {
        outcomes.push({ endToEndId, outcome: 'returned', reason: reasonCode(list(tx, 'StsRsnInf')[0]) });
      } else if (status === 'ACSC') {
        outcomes.push({ endToEndId, outcome: 'paid', reason: null });
      }
    });
  });
  return { kind: 'pain.002', messageId, outcomes };
}

function readCamt054(document: unknown): BankReport {
  const report = child(document, 'BkToCstmrDbtCdtNtfctn');
  const messageId = text(path(report, 'GrpHdr', 'MsgId'));
  if (!messageId) throw new BankReportError('camt.054: falta GrpHdr/MsgId / missing GrpHdr/MsgId');
  const outcomes: BankOutcome[] = [];
  list(report, 'Ntfctn').forEach((notification, n) => {
    list(notification, 'Ntry').forEach((entry, e) => {
      const booked = (text(path(entry, 'Sts', 'Cd')) ?? text(child(entry, 'Sts'))) === 'BOOK';
      const credit = text(child(entry, 'CdtDbtInd')) === 'CRDT';
      const reversal = text(child(entry, 'RvslInd')) === 'true';
      list(entry, 'NtryDtls').forEach((details, d) => {
        list(details, 'TxDtls').forEach((tx, t) => {
          const where = `Ntfctn[${n + 1}]/Ntry[${e + 1}]/NtryDtls[${d + 1}]/TxDtls[${t + 1}]`;
          const endToEndId = text(path(tx, 'Refs', 'EndToEndId'));
          if (!endToEndId)
            throw new BankReportError(`camt.054: falta Refs/EndToEndId en ${where} / missing in ${where}`);
          const returned = child(tx, 'RtrInf');
          if (returned !== undefined || reversal || !credit) {
            outcomes.push({ endToEndId, outcome: 'returned', reason: reasonCode(returned) });
          } else if (booked) {
            outcomes.push({ endToEndId, outcome: 'paid', reason: null });
          }
        });
      });
    });
  });
  return { kind: 'camt.054', messageId, outcomes };
}

/** Only the root's attributes, prefixes kept: the namespace the `Document` is in (`xmlns` or `xmlns:x`). */
const rootReader = new XMLParser({ ignoreAttributes: false, parseTagValue: false, stopNodes: ['*.*'] });
function documentNamespace(xml: string): string {
  const root = Object.entries(rootReader.parse(xml) as Node).find(([name]) => /(^|:)Document$/.test(name));
  if (!root) return '';
  const [name, element] = root;
  const prefix = name.includes(':') ? name.split(':')[0] : null;
  return String(child(element, prefix ? `@_xmlns:${prefix}` : '@_xmlns') ?? '');
}

/** Reads a bank report, or says what is wrong with it (the line of a malformed file, the element missing). */
export function parseBankReport(xml: string): BankReport {
  // No bank report declares entities; a file that does could expand them a billion times over.
  if (/<!DOCTYPE/i.test(xml)) {
    throw new BankReportError(
      'El fichero declara un DOCTYPE: un informe del banco no lo hace / the file declares a DOCTYPE',
    );
  }
  const checked = XMLValidator.validate(xml);
  if (checked !== true) {
    throw new BankReportError(
      `XML mal formado en la línea ${checked.err.line}, columna ${checked.err.col} / malformed XML at line ${checked.err.line}, column ${checked.err.col}: ${checked.err.msg}`,
    );
  }
  const document = child(parser.parse(xml) as Node, 'Document');
  const namespace = documentNamespace(xml);
  if (/^urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.\d\d$/.test(namespace)) return readPain002(document);
  if (/^urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.\d\d$/.test(namespace)) return readCamt054(document);
  throw new BankReportError(
    `No es un informe pain.002 ni camt.054 (Document xmlns="${namespace.slice(0, 80)}") / not a pain.002 or camt.054 report`,
  );
}

/** Return reasons after which the rulebook lets the creditor present the collection again. */
const RETRYABLE = new Set(['AM04', 'MS03', 'AC06', 'FF05', 'NARR']);
export const mayRetry = (reason: string | null) => reason !== null && RETRYABLE.has(reason);

/** What a return reason means, for the tenant and the office. */
const RETURN_REASONS: Record<ReturnReasonCode, { es: string; en: string }> = {
  AC04: { es: 'la cuenta está cerrada', en: 'the account is closed' },
  AC06: { es: 'la cuenta está bloqueada', en: 'the account is blocked' },
  AM04: { es: 'no había saldo suficiente', en: 'there were insufficient funds' },
  MD01: { es: 'no consta la orden de domiciliación', en: 'there is no mandate' },
  MD06: { es: 'lo devolviste (reembolso solicitado)', en: 'you asked for a refund' },
  MS02: { es: 'lo rechazaste', en: 'you refused it' },
  MS03: { es: 'el banco no indicó el motivo', en: 'the bank gave no reason' },
  SL01: { es: 'tu banco lo bloquea', en: 'your bank blocks it' },
};
export const reasonText = (reason: string | null, language: 'es' | 'en') =>
  (reason && RETURN_REASONS[reason as ReturnReasonCode]?.[language]) ??
  (language === 'es' ? 'el banco no indicó el motivo' : 'the bank gave no reason');

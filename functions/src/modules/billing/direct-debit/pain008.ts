import { decimalEuros } from '../invoicing/amounts';
import type { IsoDate } from './schedule';

export interface Creditor {
  name: string;
  /** SEPA creditor identifier (CdtrSchmeId). */
  identifier: string;
  /** Where the collections are credited. */
  iban: string;
}

/** One collection as a SEPA Core remittance needs it: amount, mandate and debtor. */
export interface Collection {
  endToEndId: string;
  /** Integer cents. */
  amountCents: number;
  sequenceType: 'FRST' | 'RCUR';
  dueDate: IsoDate;
  mandateReference: string;
  mandateSignedOn: IsoDate;
  debtorName: string;
  debtorIban: string;
  remittanceInformation: string;
  /**
   * What changed since the bank last saw this mandate: the mandate it replaced (a new one the
   * debtor signed, OrgnlMndtId), and the debtor's account: the one it knew (another account at the
   * same bank), or only that the bank changed too (SMNDA).
   */
  amendment?: {
    originalMandateId?: string;
    account?: { originalDebtorIban: string } | { otherBank: true };
  };
}

/** The bank of a Spanish IBAN is its four digits after the check digits (entidad). */
export const sameBank = (a: string, b: string) => a.slice(0, 2) === b.slice(0, 2) && a.slice(4, 8) === b.slice(4, 8);

/**
 * AmdmntInd and its details, in the order the XSD wants them (OrgnlMndtId first, OrgnlDbtrAcct
 * before OrgnlDbtrAgt).
 */
function amendmentXml(amendment: Collection['amendment']): string {
  const { originalMandateId, account } = amendment ?? {};
  if (!originalMandateId && !account) return '';
  const mandate = originalMandateId ? `<OrgnlMndtId>${escapeXml(sepaText(originalMandateId, 35))}</OrgnlMndtId>` : '';
  const debtor = !account
    ? ''
    : 'originalDebtorIban' in account
      ? `<OrgnlDbtrAcct><Id><IBAN>${escapeXml(account.originalDebtorIban)}</IBAN></Id></OrgnlDbtrAcct>`
      : '<OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt>';
  return `<AmdmntInd>true</AmdmntInd><AmdmntInfDtls>${mandate}${debtor}</AmdmntInfDtls>`;
}

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** SEPA messages allow the basic Latin set only: accents are dropped, anything else becomes a space. */
export function sepaText(value: string, maxLength: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

const sum = (collections: Collection[]) => decimalEuros(collections.reduce((total, c) => total + c.amountCents, 0));

/**
 * A SEPA Core direct-debit initiation (pain.008.001.02, the version Spanish banks take) for the
 * given collections, one payment block per sequence type and collection date. Pure: the bank
 * connection is not part of this product; the file is what one would upload.
 */
export function pain008({
  messageId,
  createdAt,
  creditor,
  collections,
}: {
  messageId: string;
  createdAt: Date;
  creditor: Creditor;
  collections: Collection[];
}): string {
  const blocks = new Map<string, Collection[]>();
  for (const collection of collections) {
    const key = `${collection.sequenceType}:${collection.dueDate}`;
    blocks.set(key, [...(blocks.get(key) ?? []), collection]);
  }
  const text = (value: string, max: number) => escapeXml(sepaText(value, max));
  const agentNotProvided = '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
  const payments = [...blocks.entries()].map(([key, items], index) => {
    const [sequenceType, dueDate] = key.split(':');
    const transactions = items.map(
      (c) => `<DrctDbtTxInf>
<PmtId><EndToEndId>${text(c.endToEndId, 35)}</EndToEndId></PmtId>
<InstdAmt Ccy="EUR">${decimalEuros(c.amountCents)}</InstdAmt>
<DrctDbtTx><MndtRltdInf><MndtId>${text(c.mandateReference, 35)}</MndtId><DtOfSgntr>${c.mandateSignedOn}</DtOfSgntr>${amendmentXml(c.amendment)}</MndtRltdInf></DrctDbtTx>
<DbtrAgt>${agentNotProvided}</DbtrAgt>
<Dbtr><Nm>${text(c.debtorName, 70)}</Nm></Dbtr>
<DbtrAcct><Id><IBAN>${escapeXml(c.debtorIban)}</IBAN></Id></DbtrAcct>
<RmtInf><Ustrd>${text(c.remittanceInformation, 140)}</Ustrd></RmtInf>
</DrctDbtTxInf>`,
    );
    return `<PmtInf>
<PmtInfId>${text(`${messageId}-${index + 1}`, 35)}</PmtInfId>
<PmtMtd>DD</PmtMtd>
<NbOfTxs>${items.length}</NbOfTxs>
<CtrlSum>${sum(items)}</CtrlSum>
<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${sequenceType}</SeqTp></PmtTpInf>
<ReqdColltnDt>${dueDate}</ReqdColltnDt>
<Cdtr><Nm>${text(creditor.name, 70)}</Nm></Cdtr>
<CdtrAcct><Id><IBAN>${escapeXml(creditor.iban)}</IBAN></Id></CdtrAcct>
<CdtrAgt>${agentNotProvided}</CdtrAgt>
<ChrgBr>SLEV</ChrgBr>
<CdtrSchmeId><Id><PrvtId><Othr><Id>${escapeXml(creditor.identifier)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>
${transactions.join('\n')}
</PmtInf>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02">
<CstmrDrctDbtInitn>
<GrpHdr>
<MsgId>${text(messageId, 35)}</MsgId>
<CreDtTm>${createdAt.toISOString().slice(0, 19)}</CreDtTm>
<NbOfTxs>${collections.length}</NbOfTxs>
<CtrlSum>${sum(collections)}</CtrlSum>
<InitgPty><Nm>${text(creditor.name, 70)}</Nm></InitgPty>
</GrpHdr>
${payments.join('\n')}
</CstmrDrctDbtInitn>
</Document>
`;
}

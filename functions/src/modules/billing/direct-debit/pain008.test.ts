import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type Collection, pain008, sameBank, sepaText } from './pain008';

const creditor = {
  name: 'Almacenes Ficticios del Sur, S.L.',
  identifier: 'ES81000B00000000',
  iban: 'ES9121000418450200051332',
};
const collection = (overrides: Partial<Collection>): Collection => ({
  endToEndId: 'MD-ABC123-1-001',
  amountCents: 6200,
  sequenceType: 'FRST',
  dueDate: '2026-12-01',
  mandateReference: 'MD-ABC123-1',
  mandateSignedOn: '2026-11-23',
  debtorName: 'Ana García',
  debtorIban: 'ES7620770024003102575766',
  remittanceInformation: 'Alquiler Trastero 3 m³ diciembre',
  ...overrides,
});

describe('pain008', () => {
  const xml = pain008({
    messageId: 'REM-20261201',
    createdAt: new Date('2026-11-30T10:00:00Z'),
    creditor,
    collections: [
      collection({}),
      collection({ endToEndId: 'MD-X-002', sequenceType: 'RCUR', amountCents: 4050, debtorName: 'Peña & Hijos' }),
      collection({ endToEndId: 'MD-Y-003', sequenceType: 'RCUR', amountCents: 1025 }),
      // A new account at the same bank, and one at another bank, under their mandates.
      collection({
        endToEndId: 'MD-Z-004',
        sequenceType: 'RCUR',
        mandateReference: 'MD-Z',
        amendment: { account: { originalDebtorIban: 'ES7620770024003102575766' } },
      }),
      collection({
        endToEndId: 'MD-W-005',
        sequenceType: 'RCUR',
        mandateReference: 'MD-W',
        amendment: { account: { otherBank: true } },
      }),
      // A new mandate the debtor signed in place of MD-V, for an account at another bank.
      collection({
        endToEndId: 'MD-V2-006',
        sequenceType: 'RCUR',
        mandateReference: 'MD-V2',
        amendment: { originalMandateId: 'MD-V', account: { otherBank: true } },
      }),
      // A new mandate for the same account.
      collection({
        endToEndId: 'MD-U2-007',
        sequenceType: 'RCUR',
        mandateReference: 'MD-U2',
        amendment: { originalMandateId: 'MD-U' },
      }),
    ],
  });

  it('carries the group totals and one payment block per sequence type and date', () => {
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');
    expect(xml).toMatch(/<GrpHdr>[\s\S]*<NbOfTxs>7<\/NbOfTxs>\s*<CtrlSum>360.75<\/CtrlSum>/);
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toMatch(/<SeqTp>FRST<\/SeqTp>[\s\S]*<SeqTp>RCUR<\/SeqTp>/);
    expect(xml).toMatch(/<NbOfTxs>6<\/NbOfTxs>\s*<CtrlSum>298.75<\/CtrlSum>/);
    expect(xml).toContain('<ReqdColltnDt>2026-12-01</ReqdColltnDt>');
  });

  it('names the creditor scheme id, the mandate and the debtor’s account of each collection', () => {
    expect(xml).toContain('<Id>ES81000B00000000</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm>');
    expect(xml).toContain('<MndtId>MD-ABC123-1</MndtId><DtOfSgntr>2026-11-23</DtOfSgntr>');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>ES7620770024003102575766</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">62.00</InstdAmt>');
  });

  it('says a mandate was amended: the original account at the same bank, SMNDA for another bank', () => {
    expect(xml).toContain(
      '<MndtId>MD-Z</MndtId><DtOfSgntr>2026-11-23</DtOfSgntr><AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlDbtrAcct><Id><IBAN>ES7620770024003102575766</IBAN></Id></OrgnlDbtrAcct></AmdmntInfDtls>',
    );
    expect(xml).toContain(
      '<MndtId>MD-W</MndtId><DtOfSgntr>2026-11-23</DtOfSgntr><AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt></AmdmntInfDtls>',
    );
    expect(xml).toContain(
      '<MndtId>MD-V2</MndtId><DtOfSgntr>2026-11-23</DtOfSgntr><AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlMndtId>MD-V</OrgnlMndtId><OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt></AmdmntInfDtls>',
    );
    expect(xml).toContain(
      '<MndtId>MD-U2</MndtId><DtOfSgntr>2026-11-23</DtOfSgntr><AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlMndtId>MD-U</OrgnlMndtId></AmdmntInfDtls>',
    );
    expect(xml.match(/<AmdmntInd>/g)).toHaveLength(4);
    // ES76 2077…: the bank is 2077.
    expect(sameBank('ES7620770024003102575766', 'ES1820770001230000000017')).toBe(true);
    expect(sameBank('ES7620770024003102575766', 'ES9121000418450200051332')).toBe(false);
  });

  it('writes names in the SEPA character set, escaped', () => {
    expect(xml).toContain('<Nm>Ana Garcia</Nm>');
    expect(xml).toContain('<Nm>Pena Hijos</Nm>');
    expect(sepaText('Alquiler <Trastero> 3 m³ · año', 140)).toBe('Alquiler Trastero 3 m ano');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('is valid against the ISO 20022 schema of pain.008.001.02, which refuses a broken file', async () => {
    const schema = {
      fileName: 'pain.008.001.02.xsd',
      contents: readFileSync(new URL('./iso20022/pain.008.001.02.xsd', import.meta.url), 'utf8'),
    };
    const valid = await validateXML({ xml: { fileName: 'remittance.xml', contents: xml }, schema });
    expect(valid.errors).toEqual([]);
    expect(valid.valid).toBe(true);
    // The same file with an unknown sequence type: refused, naming the element.
    const broken = xml.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>FIRST</SeqTp>');
    const refused = await validateXML({ xml: { fileName: 'remittance.xml', contents: broken }, schema });
    expect(refused.valid).toBe(false);
    expect(refused.errors.map((e) => e.message).join('\n')).toContain(
      "SeqTp': [facet 'enumeration'] The value 'FIRST'",
    );
  });
});

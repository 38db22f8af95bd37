import { describe, expect, it } from 'vitest';
import { BankReportError, mayRetry, parseBankReport } from './bank-reports';

const pain002 = (transactions: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-20261202-1</MsgId><CreDtTm>2026-12-02T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>REM-1</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>FRST-2026-12-01</OrgnlPmtInfId>${transactions}</OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;

const camt054 = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>NTF-20261203-7</MsgId><CreDtTm>2026-12-03T07:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>1</Id><Acct><Id><IBAN>ES9121000418450200051332</IBAN></Id></Acct>${entries}</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

const entry = (endToEndId: string, indicator: 'CRDT' | 'DBIT', returned?: string) => `
      <Ntry><Amt Ccy="EUR">62.00</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts>
        <NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs>
          ${returned ? `<RtrInf><Rsn><Cd>${returned}</Cd></Rsn></RtrInf>` : ''}
        </TxDtls></NtryDtls></Ntry>`;

describe('bank reports', () => {
  it('reads a pain.002: rejections with their reason, settlements as paid, the rest left alone', () => {
    const report = parseBankReport(
      pain002(`
      <TxInfAndSts><OrgnlEndToEndId>MD-A-001</OrgnlEndToEndId><TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf></TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>MD-B-001</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>MD-C-001</OrgnlEndToEndId><TxSts>PDNG</TxSts></TxInfAndSts>`),
    );
    expect(report).toEqual({
      kind: 'pain.002',
      messageId: 'STS-20261202-1',
      outcomes: [
        { endToEndId: 'MD-A-001', outcome: 'returned', reason: 'AC04' },
        { endToEndId: 'MD-B-001', outcome: 'paid', reason: null },
      ],
    });
  });

  it('reads a camt.054: booked credits as paid, returns (with RtrInf) with their reason', () => {
    const report = parseBankReport(camt054(entry('MD-A-002', 'CRDT') + entry('MD-B-002', 'DBIT', 'AM04')));
    expect(report.kind).toBe('camt.054');
    expect(report.outcomes).toEqual([
      { endToEndId: 'MD-A-002', outcome: 'paid', reason: null },
      { endToEndId: 'MD-B-002', outcome: 'returned', reason: 'AM04' },
    ]);
  });

  it('refuses a malformed file with its line, a foreign file by its namespace, a missing id by its element', () => {
    expect(() => parseBankReport('<Document>\n<Open>\n</Document>')).toThrow(/línea 3/);
    expect(() =>
      parseBankReport(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>',
      ),
    ).toThrow(/No es un informe pain.002 ni camt.054/);
    expect(() => parseBankReport(pain002('<TxInfAndSts><TxSts>RJCT</TxSts></TxInfAndSts>'))).toThrow(
      'pain.002: falta OrgnlEndToEndId en OrgnlPmtInfAndSts[1]/TxInfAndSts[1]',
    );
    expect(() => parseBankReport('not xml at all')).toThrow(BankReportError);
    // Entities are never expanded: a file that declares any is refused before it is parsed.
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>${camt054(entry('&b;', 'CRDT'))}`;
    expect(() => parseBankReport(laughs)).toThrow(/DOCTYPE/);
  });

  it('retries what the rulebook lets a creditor present again, not a closed account or a refusal', () => {
    expect(mayRetry('AM04')).toBe(true);
    expect(mayRetry('AC04')).toBe(false);
    expect(mayRetry('MS02')).toBe(false);
    expect(mayRetry('MD01')).toBe(false);
    expect(mayRetry(null)).toBe(false);
  });
});

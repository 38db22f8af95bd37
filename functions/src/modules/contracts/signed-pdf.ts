import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';

interface CertifiedSigner {
  role: 'Cliente' | 'Empresa';
  name: string;
  email: string;
  signedAt: Date;
  ip: string | null;
}

export interface SignedContractContent {
  registrationCode: string;
  contractId: string;
  /** The contract text both parties signed (mandate included). */
  document: string;
  signers: CertifiedSigner[];
  /** Who recorded the signatures: the local signing pages or the provider. */
  signatureProvider: string;
  businessName: string;
  /** A rental contract (with its mandate), or a mandate signed on its own in place of another. */
  kind?: 'rental' | 'mandate';
}

/** The fingerprint printed on the certificate: SHA-256 of the signed text (UTF-8), in hex. */
export const documentSha256 = (document: string) => createHash('sha256').update(document, 'utf8').digest('hex');

const ROLE_NAMES = { Cliente: 'Cliente / Client', Empresa: 'Empresa / Company' } as const;

/** The Spanish wall-clock time of a signature next to its UTC instant. */
function signatureTime(date: Date): string {
  const madrid = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    dateStyle: 'long',
    timeStyle: 'long',
  }).format(date);
  return `${madrid} (${date.toISOString()})`;
}

/**
 * The signed contract as a PDF: the contract text with its mandate, then a signature certificate
 * page (each signer's name, role, e-mail, time and address, and the document's SHA-256). The
 * standard Helvetica covers Spanish (WinAnsi), so no font file ships with the service.
 */
export function signedContractPdf(content: SignedContractContent): Promise<Buffer> {
  const sha256 = documentSha256(content.document);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: {
      Title:
        content.kind === 'mandate'
          ? `Orden de domiciliación SEPA ${content.registrationCode}`
          : `Contrato de alquiler de trastero ${content.registrationCode}`,
      Author: content.businessName,
      Subject:
        content.kind === 'mandate'
          ? 'Orden de domiciliación SEPA firmada'
          : 'Contrato firmado y orden de domiciliación SEPA',
      // The moment the last party signed, not the moment it is drawn: drawn again (a download
      // before its delivery kept one), it is the same file, byte for byte.
      CreationDate: new Date(Math.max(...content.signers.map((signer) => signer.signedAt.getTime()))),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const [title = '', ...body] = content.document.split('\n');
  doc.font('Helvetica-Bold').fontSize(15).text(title, { align: 'center' }).moveDown();
  for (const line of body) {
    const heading = /^[A-ZÁÉÍÓÚÑ ]{12,}/.test(line);
    doc
      .font(heading ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(heading ? 12 : 10)
      .text(line || ' ', { paragraphGap: 2 });
  }

  doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text('CERTIFICADO DE FIRMAS', { align: 'center' })
    .font('Helvetica')
    .fontSize(11)
    .text('Signature certificate', { align: 'center' })
    .moveDown(1.5);
  const field = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  field('Registro / Registration', content.registrationCode);
  field(content.kind === 'mandate' ? 'Documento / Document' : 'Contrato / Contract', content.contractId);
  field('Firma electrónica / E-signature', content.signatureProvider);
  field('SHA-256 del documento firmado / of the signed document', sha256);
  doc.moveDown();
  for (const signer of content.signers) {
    doc.font('Helvetica-Bold').fontSize(12).text(ROLE_NAMES[signer.role]).moveDown(0.3);
    field('Nombre / Name', signer.name);
    field('E-mail', signer.email);
    field('Firmado / Signed', signatureTime(signer.signedAt));
    field('Dirección IP / IP address', signer.ip ?? 'no registrada por el proveedor / not recorded by the provider');
    doc.moveDown();
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      'Cada firmante revisó el texto del documento, escribió su nombre y consintió firmarlo electrónicamente. La huella SHA-256 identifica el texto firmado: cualquier cambio en él da otra huella. / Each signer reviewed the document text, typed their name and consented to sign it electronically. The SHA-256 fingerprint identifies the signed text: any change to it gives another fingerprint.',
      { align: 'justify' },
    );
  doc.end();
  return done;
}

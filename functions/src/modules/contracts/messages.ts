import type { Language } from 'shared-i18n';
import { action, type LocalisedContent, paragraph } from '../../platform/email/content';

/** A signer's link to the contract: the applicant in their language, the company in Spanish. */
export function signingEmail(
  role: 'Cliente' | 'Empresa',
  {
    link,
    name,
    registrationCode,
    language,
  }: { link: string; name: string; registrationCode: string; language: Language },
): LocalisedContent {
  if (role === 'Cliente' && language === 'en') {
    return {
      language: 'en',
      subject: `Contract to sign · ${registrationCode}`,
      greeting: `Hello ${name},`,
      blocks: [
        paragraph(`The storage rental contract (registration ${registrationCode}) is ready for your signature.`),
        action('Read and sign the contract', link),
      ],
    };
  }
  return {
    language: 'es',
    subject: `Contrato para firmar · ${registrationCode}`,
    greeting: `Hola ${role === 'Cliente' ? name : 'la Empresa'}:`,
    blocks: [
      paragraph(`El contrato de alquiler del trastero (registro ${registrationCode}) está listo para tu firma.`),
      action('Leer y firmar el contrato', link),
    ],
  };
}

/** The tenant's copy of the contract signed by both, attached. */
export function signedContractEmail(
  language: Language,
  { fullName, registrationCode, unit }: { fullName: string; registrationCode: string; unit: string | null },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your signed contract · ${registrationCode}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(
            `Attached is your rental contract signed by both parties (registration ${registrationCode}), with the SEPA direct debit mandate and the signature certificate.`,
          ),
          paragraph(unit ? `Your storage unit: ${unit}.` : 'Your unit is being assigned; we will contact you.'),
        ],
      }
    : {
        language,
        subject: `Tu contrato firmado · ${registrationCode}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(
            `Adjuntamos tu contrato de alquiler firmado por ambas partes (registro ${registrationCode}), con la orden de domiciliación SEPA y el certificado de firmas.`,
          ),
          paragraph(unit ? `Tu trastero: ${unit}.` : 'Estamos asignando tu trastero; te contactaremos.'),
        ],
      };
}

/** The business's copy (staff read Spanish). */
export function signedContractNotice({
  fullName,
  email,
  registrationCode,
  unit,
}: {
  fullName: string;
  email: string;
  registrationCode: string;
  unit: string | null;
}): LocalisedContent {
  return {
    language: 'es',
    subject: `Contrato firmado · ${registrationCode} · ${fullName}`,
    blocks: [
      paragraph(
        `El contrato del alta ${registrationCode} (${fullName}, ${email}) está firmado por ambas partes.\n` +
          (unit ? `Trastero asignado: ${unit}.` : 'Sin trastero asignado todavía (ver el aviso aparte).'),
      ),
      paragraph('Se adjunta el PDF firmado con la orden de domiciliación y el certificado de firmas.'),
    ],
  };
}

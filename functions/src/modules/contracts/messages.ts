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
  {
    fullName,
    registrationCode,
    unit,
    moveInDate = null,
  }: { fullName: string; registrationCode: string; unit: string | null; moveInDate?: string | null },
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
          ...(moveInDate
            ? [
                paragraph(
                  `It is held for you until your move-in day, ${moveInDate}: early that day your PIN arrives by SMS.`,
                ),
              ]
            : []),
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
          ...(moveInDate
            ? [
                paragraph(
                  `Está reservado para ti hasta tu día de entrada, el ${moveInDate.split('-').reverse().join('/')}: ese día, a primera hora, te llegará el PIN por SMS.`,
                ),
              ]
            : []),
        ],
      };
}

/** The business's copy (staff read Spanish). */
export function signedContractNotice({
  fullName,
  email,
  registrationCode,
  unit,
  moveInDate = null,
}: {
  fullName: string;
  email: string;
  registrationCode: string;
  unit: string | null;
  moveInDate?: string | null;
}): LocalisedContent {
  return {
    language: 'es',
    subject: `Contrato firmado · ${registrationCode} · ${fullName}`,
    blocks: [
      paragraph(
        `El contrato del alta ${registrationCode} (${fullName}, ${email}) está firmado por ambas partes.\n` +
          (unit
            ? moveInDate
              ? `Trastero reservado: ${unit}; entra el ${moveInDate.split('-').reverse().join('/')} (el acceso y el alquiler empiezan ese día).`
              : `Trastero asignado: ${unit}.`
            : 'Sin trastero asignado todavía (ver el aviso aparte).'),
      ),
      paragraph('Se adjunta el PDF firmado con la orden de domiciliación y el certificado de firmas.'),
    ],
  };
}

/** The tenant's link to sign a new direct-debit mandate they asked for from their account. */
export function mandateSigningEmail({
  link,
  name,
  registrationCode,
  maskedIban,
  language,
}: {
  link: string;
  name: string;
  registrationCode: string;
  maskedIban: string;
  language: Language;
}): LocalisedContent {
  return language === 'en'
    ? {
        language: 'en',
        subject: `Direct debit mandate to sign · ${registrationCode}`,
        greeting: `Hello ${name},`,
        blocks: [
          paragraph(
            `You asked for your rent to be collected from the account ${maskedIban}. Once you sign the new SEPA mandate, it is used for every collection not yet sent to your bank; until then nothing changes. The link works for 14 days.`,
          ),
          action('Read and sign the mandate', link),
          paragraph(
            'If you did not ask for this, ignore this e-mail and tell us: without your signature nothing changes.',
          ),
        ],
      }
    : {
        language: 'es',
        subject: `Orden de domiciliación para firmar · ${registrationCode}`,
        greeting: `Hola ${name}:`,
        blocks: [
          paragraph(
            `Has pedido que el alquiler se cobre en la cuenta ${maskedIban}. Cuando firmes la nueva orden de domiciliación SEPA, se usará en todos los recibos que aún no hayamos enviado a tu banco; hasta entonces no cambia nada. El enlace sirve durante 14 días.`,
          ),
          action('Leer y firmar la orden', link),
          paragraph('Si no lo has pedido tú, ignora este correo y avísanos: sin tu firma no cambia nada.'),
        ],
      };
}

/** The signed mandate, attached: the rent is collected from its account from the next collection. */
export function signedMandateEmail(
  language: Language,
  {
    fullName,
    registrationCode,
    maskedIban,
    reference,
  }: { fullName: string; registrationCode: string; maskedIban: string; reference: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your rent account has changed · ${registrationCode}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(
            `Your new SEPA mandate (${reference}) is signed: the collections not yet sent to the bank are taken from the account ${maskedIban}. If one already sent to your previous account comes back, we present it again to the new one. The signed mandate is attached.`,
          ),
          paragraph('If you did not sign it, please contact us at once.'),
        ],
      }
    : {
        language,
        subject: `Ha cambiado tu cuenta de cobro · ${registrationCode}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(
            `Tu nueva orden de domiciliación SEPA (${reference}) está firmada: los recibos que aún no hemos enviado al banco se cargan en la cuenta ${maskedIban}. Si uno ya enviado a tu cuenta anterior fuera devuelto, lo presentaremos de nuevo en la nueva. Adjuntamos la orden firmada.`,
          ),
          paragraph('Si no la has firmado tú, ponte en contacto con nosotros cuanto antes.'),
        ],
      };
}

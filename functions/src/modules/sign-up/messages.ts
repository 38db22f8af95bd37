import type { UploadType } from 'shared-api';
import { type Language, pathFor } from 'shared-i18n';
import { action, code, type LocalisedContent, note, paragraph } from '../../platform/email/content';
import { VERIFICATION_CODE_TTL_MINUTES } from './codes';

const signUpPage = (site: string, language: Language) => `${site.replace(/\/$/, '')}${pathFor('signup', language)}`;

/** The e-mail's verification code, with the registration code to come back later. */
export function verificationEmail(
  language: Language,
  { verificationCode, registrationCode }: { verificationCode: string; registrationCode: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Verification code',
        blocks: [
          code('Your verification code', verificationCode),
          paragraph(`It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.`),
          paragraph(`Your registration code is ${registrationCode}: keep it to continue your sign-up later.`),
        ],
      }
    : {
        language,
        subject: 'Código de verificación',
        blocks: [
          code('Tu código de verificación', verificationCode),
          paragraph(`Caduca en ${VERIFICATION_CODE_TTL_MINUTES} minutos.`),
          paragraph(`Tu código de registro es ${registrationCode}: guárdalo para continuar el alta más tarde.`),
        ],
      };
}

/** The one-time code that opens a sign-up on another device. */
export function recoveryEmail(language: Language, confirmationCode: string): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Continue your sign-up',
        blocks: [
          paragraph('Someone wants to continue your sign-up on another device.'),
          code('Your confirmation code', confirmationCode),
          paragraph(`It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.`),
          note('If it was not you, ignore this message: without this code nobody can open your sign-up.'),
        ],
      }
    : {
        language,
        subject: 'Continuar tu alta',
        blocks: [
          paragraph('Alguien quiere continuar tu alta en otro dispositivo.'),
          code('Tu código de confirmación', confirmationCode),
          paragraph(`Caduca en ${VERIFICATION_CODE_TTL_MINUTES} minutos.`),
          note('Si no has sido tú, ignora este mensaje: sin este código nadie puede abrir tu alta.'),
        ],
      };
}

/** A second sign-up with the same details: the first one's registration code, to its own inbox. */
export function registrationCodeReminder(language: Language, registrationCode: string, site: string): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Your registration code',
        blocks: [
          paragraph('We received a new sign-up request with your details.'),
          paragraph(
            `Your registration code is ${registrationCode}: enter it on the sign-up page to continue where you left off.`,
          ),
          action('Continue my sign-up', signUpPage(site, language)),
          note('If it was not you, do nothing: without the code sent to your phone or inbox nobody can open it.'),
        ],
      }
    : {
        language,
        subject: 'Tu código de registro',
        blocks: [
          paragraph('Hemos recibido una nueva solicitud de alta con tus datos.'),
          paragraph(
            `Tu código de registro es ${registrationCode}: introdúcelo en la página de alta para continuar donde lo dejaste.`,
          ),
          action('Continuar mi alta', signUpPage(site, language)),
          note('Si no has sido tú, no hagas nada: sin el código que enviamos a tu móvil o correo nadie puede abrirla.'),
        ],
      };
}

const DOCUMENT_NAMES: Record<UploadType, Record<Language, string>> = {
  frontId: { es: 'DNI/NIE (cara delantera)', en: 'ID (front)' },
  backId: { es: 'DNI/NIE (cara trasera)', en: 'ID (back)' },
  bankDocument: { es: 'certificado de titularidad bancaria', en: 'bank ownership certificate' },
};

/** A document rejected and why, as the tenant's messages and the office's notes say it (both languages). */
export const rejectedDocumentProblem = (documentType: UploadType, reason: string | null) =>
  `${DOCUMENT_NAMES[documentType].es} / ${DOCUMENT_NAMES[documentType].en}: ${reason ?? ''}`;

/** Staff rejected a document, with the reason they wrote to the applicant: the way back to upload it. */
export function documentRejectedEmail(
  language: Language,
  {
    fullName,
    registrationCode,
    documentType,
    reason,
    site,
  }: { fullName: string; registrationCode: string; documentType: UploadType; reason: string; site: string },
): LocalisedContent {
  const name = DOCUMENT_NAMES[documentType][language];
  return language === 'en'
    ? {
        language,
        subject: `Please upload your document again · ${registrationCode}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`We reviewed your ${name} and cannot accept it: ${reason}`),
          paragraph(
            `Open the sign-up with your registration code ${registrationCode}, go to the "Documents" step and upload it again.`,
          ),
          action('Continue my sign-up', signUpPage(site, language)),
        ],
      }
    : {
        language,
        subject: `Sube de nuevo tu documento · ${registrationCode}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Hemos revisado tu ${name} y no podemos aceptarlo: ${reason}`),
          paragraph(`Entra en el alta con tu código ${registrationCode}, ve al paso «Documentos» y súbelo de nuevo.`),
          action('Continuar mi alta', signUpPage(site, language)),
        ],
      };
}

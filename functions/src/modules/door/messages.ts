import type { Language } from 'shared-i18n';
import { action, type LocalisedContent, paragraph } from '../../platform/email/content';

/**
 * The tenant's welcome at move-in: the door's single-use sign-in link (the PIN comes apart, by
 * SMS), and their account, where the rest of the tenancy is (signed in by e-mail or phone).
 */
export function doorAccessEmail(
  language: Language,
  {
    fullName,
    box,
    signInUrl,
    linkDays,
    accountUrl,
  }: { fullName: string; box: string; signInUrl: string; linkDays: number; accountUrl: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your door access · ${box}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`You can now open the door of your unit ${box} from your phone.`),
          paragraph(`Sign in with this link (single use, valid ${linkDays} days).`),
          action('Open the door app', signInUrl),
          paragraph('Your 4-digit PIN comes by SMS. You can change it in the app.'),
          paragraph(
            'Your contract, your invoices, paying and giving notice are in your account: sign in with this e-mail address or your mobile number, no password.',
          ),
          action('Go to my account', accountUrl),
        ],
      }
    : {
        language,
        subject: `Tu acceso a la puerta · ${box}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Ya puedes abrir la puerta de tu trastero ${box} desde el móvil.`),
          paragraph(`Entra con este enlace (un solo uso, válido ${linkDays} días).`),
          action('Abrir la app de la puerta', signInUrl),
          paragraph('Tu PIN de 4 cifras te llega por SMS. Puedes cambiarlo en la app.'),
          paragraph(
            'Tu contrato, tus facturas, los pagos y la baja están en tu cuenta: entra con este correo o con tu móvil, sin contraseña.',
          ),
          action('Ir a mi cuenta', accountUrl),
        ],
      };
}

/** To the business: a tenant has units but no key, and why (staff read Spanish). */
export function accessWithheldNotice({
  registrationCode,
  fullName,
  box,
  reasons,
  email,
  phone,
}: {
  registrationCode: string;
  fullName: string;
  box: string;
  reasons: string[];
  email: string;
  phone: string;
}): LocalisedContent {
  return {
    language: 'es',
    subject: `Alta ${registrationCode}: acceso a la puerta no emitido`,
    blocks: [
      paragraph(
        [
          `${fullName} tiene asignado ${box}, pero no se le ha dado acceso a la puerta:`,
          ...reasons.map((r) => `- ${r}`),
        ].join('\n'),
      ),
      paragraph(`Resuélvelo y dale acceso desde la administración de la puerta. Contacto: ${email} · ${phone}.`),
    ],
  };
}

/** A new link into the door app, asked for from the tenant's account (the PIN stays theirs). */
export function doorLinkEmail(
  language: Language,
  { fullName, box, signInUrl, hours }: { fullName: string; box: string; signInUrl: string; hours: number },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your link to the door app · ${box}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(
            `Here is the link you asked for from your account to open the door app on this phone (unit ${box}).`,
          ),
          paragraph(`It works once, for ${hours} hours. Your PIN is the same as before.`),
          action('Open the door app', signInUrl),
          paragraph('If you did not ask for it, ignore this e-mail and tell us.'),
        ],
      }
    : {
        language,
        subject: `Tu enlace a la app de la puerta · ${box}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(
            `Aquí tienes el enlace que has pedido desde tu cuenta para abrir la app de la puerta en este móvil (trastero ${box}).`,
          ),
          paragraph(`Sirve una vez, durante ${hours} horas. Tu PIN es el mismo de siempre.`),
          action('Abrir la app de la puerta', signInUrl),
          paragraph('Si no lo has pedido tú, ignora este correo y avísanos.'),
        ],
      };
}

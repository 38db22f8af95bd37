import { STAFF_RESET_MINUTES } from 'shared-api/backoffice';
import type { Language } from 'shared-i18n';
import { action, type LocalisedContent, note, paragraph } from '../../platform/email/content';
import { madridDate, madridTime } from '../../platform/madrid-time';

/** How long an invitation to choose a first password works. */
export const STAFF_INVITE_HOURS = 72;

const hello = (language: Language, name: string) => (language === 'es' ? `Hola, ${name}:` : `Hello ${name},`);

/** A link to choose a new password: sent by a manager, or asked for on the sign-in page. */
export function passwordResetEmail(
  language: Language,
  { name, manager, link, business }: { name: string; manager: string | null; link: string; business: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Elige una contraseña nueva para Gestión · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            manager
              ? `${manager} (gerencia) te envía este enlace para que elijas una contraseña nueva para tu cuenta de Gestión.`
              : 'Alguien ha pedido restablecer la contraseña de tu cuenta de Gestión desde la página de acceso.',
          ),
          paragraph(`Ábrelo en los próximos ${STAFF_RESET_MINUTES} minutos para elegirla (solo sirve una vez).`),
          action('Elegir una contraseña nueva', link),
          paragraph('Si tienes activado el segundo factor, te pediremos también el código de tu aplicación.'),
          note('Si no lo has pedido tú, no hagas nada: tu contraseña no cambia.'),
        ],
      }
    : {
        language,
        subject: `Choose a new back-office password · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            manager
              ? `${manager} (manager) sends you this link to choose a new password for your back-office account.`
              : 'Someone asked to reset the password of your back-office account from the sign-in page.',
          ),
          paragraph(`Open it within ${STAFF_RESET_MINUTES} minutes to choose it (it works once).`),
          action('Choose a new password', link),
          paragraph('If your second factor is on, you will be asked for the code from your app too.'),
          note('If you did not ask for it, do nothing: your password does not change.'),
        ],
      };
}

/** A manager gave someone an account: the link to choose their first password. */
export function staffInvitationEmail(
  language: Language,
  { name, manager, link, business }: { name: string; manager: string; link: string; business: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Tu cuenta de Gestión · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(`${manager} (gerencia) te ha dado de alta en Gestión, la herramienta del personal.`),
          paragraph(
            `Elige tu contraseña con este enlace en las próximas ${STAFF_INVITE_HOURS} horas (solo sirve una vez).`,
          ),
          action('Elegir mi contraseña', link),
          note('Nadie más la conoce ni la conocerá. Si no esperabas este correo, no hagas nada.'),
        ],
      }
    : {
        language,
        subject: `Your back-office account · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(`${manager} (manager) has given you an account in the back-office, the staff's tool.`),
          paragraph(`Choose your password with this link within ${STAFF_INVITE_HOURS} hours (it works once).`),
          action('Choose my password', link),
          note('Nobody else knows it or ever will. If you did not expect this e-mail, do nothing.'),
        ],
      };
}

const when = (language: Language, date: Date) =>
  language === 'es'
    ? `${madridDate(date).split('-').reverse().join('/')} a las ${madridTime(date)}`
    : `${madridDate(date)} at ${madridTime(date)}`;

/** The password was changed with a reset link: whoever did not ask hears of it. */
export function passwordChangedEmail(
  language: Language,
  { name, at, business }: { name: string; at: Date; business: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Tu contraseña de Gestión ha cambiado · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            `La contraseña de tu cuenta de Gestión se cambió con un enlace de restablecimiento el ${when(language, at)} (hora de Madrid). Todas las sesiones abiertas se han cerrado.`,
          ),
          note('Si no has sido tú, avisa a gerencia enseguida.'),
        ],
      }
    : {
        language,
        subject: `Your back-office password was changed · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            `The password of your back-office account was changed with a reset link on ${when(language, at)} (Madrid time). Every open session was signed out.`,
          ),
          note('If it was not you, tell a manager at once.'),
        ],
      };
}

/** A manager turned off a member's lost second factor. */
export function secondFactorOffEmail(
  language: Language,
  { name, manager, business }: { name: string; manager: string; business: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Segundo factor desactivado · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            `${manager} (gerencia) ha desactivado el segundo factor de tu cuenta de Gestión, por ejemplo porque perdiste el móvil. ` +
              'Al entrar se te pedirá solo la contraseña; vuelve a activarlo en «Mi cuenta» con tu nueva aplicación.',
          ),
          note('Todas tus sesiones abiertas se han cerrado. Si no lo has pedido, avisa a gerencia enseguida.'),
        ],
      }
    : {
        language,
        subject: `Second factor turned off · ${business}`,
        greeting: hello(language, name),
        blocks: [
          paragraph(
            `${manager} (manager) turned off the second factor of your back-office account, for instance because you lost your phone. ` +
              'Signing in now asks for your password only; turn it on again under "My account" with your new app.',
          ),
          note('Every open session was signed out. If you did not ask for this, tell a manager at once.'),
        ],
      };
}

/** A sign-in used a recovery code; a member's language is not known, so both. */
export function recoveryCodeUsedEmails({ left, business }: { left: number; business: string }): LocalisedContent[] {
  return [
    {
      language: 'es',
      subject: `Código de recuperación usado · ${business}`,
      blocks: [
        paragraph(`Se ha entrado en tu cuenta de Gestión con un código de recuperación. Te quedan ${left}.`),
        note('Si no has sido tú, avisa a gerencia enseguida. Genera códigos nuevos en «Mi cuenta».'),
      ],
    },
    {
      language: 'en',
      subject: `Recovery code used · ${business}`,
      blocks: [
        paragraph(`Your back-office account was signed in to with a recovery code. You have ${left} left.`),
        note('If it was not you, tell a manager at once. Make new codes under "My account".'),
      ],
    },
  ];
}

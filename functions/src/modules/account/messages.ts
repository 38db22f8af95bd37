import type { Language } from 'shared-i18n';
import { action, code, type LocalisedContent, note, paragraph } from '../../platform/email/content';

/** The e-mail with a way into the account: a link, and the same sign-in's code for another device. */
export function signInEmail(
  language: Language,
  { link, signInCode, minutes }: { link: string; signInCode: string; minutes: number },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Your sign-in link',
        blocks: [
          paragraph('Open your storage account with this link:'),
          action('Open my account', link),
          code('Or enter this code on the sign-in page', signInCode),
          note(
            `The link and the code work once, for ${minutes} minutes. If you did not ask for them, ignore this e-mail.`,
          ),
        ],
      }
    : {
        language,
        subject: 'Tu enlace para entrar',
        blocks: [
          paragraph('Entra en tu cuenta de trastero con este enlace:'),
          action('Entrar en mi cuenta', link),
          code('O escribe este código en la página de entrada', signInCode),
          note(
            `El enlace y el código valen una vez, durante ${minutes} minutos. Si no los has pedido, ignora este correo.`,
          ),
        ],
      };
}

export const signInSms = (language: Language, signInCode: string, minutes: number) =>
  language === 'en'
    ? `Your storage account code: ${signInCode}. It works once, for ${minutes} minutes.`
    : `Tu código para entrar en tu cuenta de trastero: ${signInCode}. Vale una vez, ${minutes} minutos.`;

/** The code that proves a new e-mail is the tenant's (sent to the new address). */
export function contactCodeEmail(language: Language, changeCode: string, minutes: number): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Confirm your new e-mail',
        blocks: [
          paragraph('You asked for this address to be the one of your storage rental.'),
          code('Enter this code in your account to confirm it', changeCode),
          note(
            `It works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes.`,
          ),
        ],
      }
    : {
        language,
        subject: 'Confirma tu correo nuevo',
        blocks: [
          paragraph('Has pedido que este sea el correo de tu alquiler de trastero.'),
          code('Escribe este código en tu cuenta para confirmarlo', changeCode),
          note(`Vale una vez, durante ${minutes} minutos. Si no lo has pedido, ignora este correo: no cambia nada.`),
        ],
      };
}

export const contactCodeSms = (language: Language, changeCode: string, minutes: number) =>
  language === 'en'
    ? `Code to confirm this mobile for your storage rental: ${changeCode}. It works once, for ${minutes} minutes.`
    : `Código para confirmar este móvil en tu alquiler de trastero: ${changeCode}. Vale una vez, ${minutes} minutos.`;

/** To the old e-mail: it was changed, and what to do if that was not the tenant. */
export function contactChangedEmail(language: Language, fullName: string, shownNew: string): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Your contact details changed',
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`The contact details of your storage rental were changed from your account to ${shownNew}.`),
          paragraph('If it was not you, call us at once: we will put it back and look into it.'),
        ],
      }
    : {
        language,
        subject: 'Han cambiado tus datos de contacto',
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Los datos de contacto de tu alquiler de trastero se han cambiado desde tu cuenta a ${shownNew}.`),
          paragraph('Si no has sido tú, llámanos enseguida: lo volvemos a dejar como estaba y lo revisamos.'),
        ],
      };
}

export const contactChangedSms = (language: Language, shownNew: string) =>
  language === 'en'
    ? `The mobile of your storage rental is now ${shownNew}. Not you? Call us at once.`
    : `El móvil de tu alquiler de trastero es ahora ${shownNew}. ¿No has sido tú? Llámanos enseguida.`;

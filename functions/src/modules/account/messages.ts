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

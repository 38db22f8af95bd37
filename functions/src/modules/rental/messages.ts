import type { Language } from 'shared-i18n';
import { action, type LocalisedContent, note, paragraph } from '../../platform/email/content';

/** The rental ended (by staff, at the door admin or in the back-office): no more rent, no more key. */
export function rentalEndedEmail(
  language: Language,
  { fullName, registrationCode, units }: { fullName: string; registrationCode: string; units: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your rental has ended · ${registrationCode}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(
            `Your rental of unit ${units} has ended. No further rent will be collected and your door access has been switched off. Thank you.`,
          ),
        ],
      }
    : {
        language,
        subject: `Fin de tu alquiler · ${registrationCode}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(
            `Tu alquiler del trastero ${units} ha terminado. Ya no se te cobrará el alquiler y tu acceso a la puerta se ha desactivado. Gracias por confiar en nosotros.`,
          ),
        ],
      };
}

/** To the business: both signed and paid, but no unit could be given (staff read Spanish). */
export function awaitingUnitNotice({
  registrationCode,
  fullName,
  reason,
  email,
  phone,
}: {
  registrationCode: string;
  fullName: string;
  reason: string;
  email: string;
  phone: string;
}): LocalisedContent {
  return {
    language: 'es',
    subject: `Alta ${registrationCode}: falta asignar trastero`,
    blocks: [
      paragraph(
        `El contrato del alta ${registrationCode} (${fullName}) está firmado por ambas partes, pero no se le ha podido asignar un trastero.`,
      ),
      paragraph(`Motivo: ${reason}`),
      paragraph(
        `El cliente ve «Estamos asignando tu trastero; te contactaremos». Asígnale uno y contacta con él: ${email} · ${phone}.`,
      ),
    ],
  };
}

/** No unit could be given: the deposit goes back to the card. */
export function depositRefundedEmail(
  language: Language,
  { amount, reason, registrationCode }: { amount: string; reason: string; registrationCode: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `We are refunding your deposit · ${registrationCode}`,
        blocks: [
          paragraph(`We are sorry: we could not give you a storage unit (${reason}).`),
          paragraph(
            `We have refunded your deposit, ${amount}, to the card you paid with. Depending on your bank, it takes 5 to 10 days to show.`,
          ),
          paragraph(
            'Your sign-up is closed and nothing else will be charged. If you like, you can join the waiting list on our website.',
          ),
        ],
      }
    : {
        language,
        subject: `Te devolvemos la fianza · ${registrationCode}`,
        blocks: [
          paragraph(`Lo sentimos: no hemos podido asignarte un trastero (${reason}).`),
          paragraph(
            `Te hemos devuelto la fianza, ${amount}, a la tarjeta con la que pagaste. Según tu banco, el abono tarda de 5 a 10 días en verse.`,
          ),
          paragraph(
            'Tu alta queda cerrada y no se te cobrará nada más. Si quieres, puedes apuntarte a la lista de espera en nuestra web.',
          ),
        ],
      };
}

/** The deposit at move-out: what went back to the card, and what was kept and why. */
export function depositReturnedEmail(
  language: Language,
  {
    registrationCode,
    refunded,
    kept,
    reason,
  }: { registrationCode: string; refunded: string; kept: string | null; reason: string | null },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: `Your deposit · ${registrationCode}`,
        blocks: [
          paragraph('Thank you for storing with us. We have checked the unit and closed your rental.'),
          paragraph(
            `We have refunded ${refunded} of your deposit to the card you paid with. Depending on your bank, it takes 5 to 10 days to show.`,
          ),
          ...(kept ? [paragraph(`We have kept ${kept}: ${reason ?? ''}. It settles what was owed.`)] : []),
        ],
      }
    : {
        language,
        subject: `Tu fianza · ${registrationCode}`,
        blocks: [
          paragraph('Gracias por guardar tus cosas con nosotros. Hemos revisado el trastero y cerrado tu alquiler.'),
          paragraph(
            `Te hemos devuelto ${refunded} de la fianza a la tarjeta con la que pagaste. Según tu banco, el abono tarda de 5 a 10 días en verse.`,
          ),
          ...(kept ? [paragraph(`Hemos retenido ${kept}: ${reason ?? ''}. Salda lo que se debía.`)] : []),
        ],
      };
}

/** A deposit checkout that never completed was cancelled: nothing charged, the way back to pay. */
export function depositPaymentExpiredEmail(
  language: Language,
  { amount, signUpUrl }: { amount: string; signUpUrl: string },
): LocalisedContent {
  return language === 'en'
    ? {
        language,
        subject: 'Your deposit payment was not completed',
        blocks: [
          paragraph(
            `The deposit payment (${amount}) was not confirmed in time and we cancelled it: nothing has been charged.`,
          ),
          paragraph('You can pay again whenever you like from your sign-up.'),
          action('Go to my sign-up', signUpUrl),
          note('If your bank shows a pending charge, it will disappear within a few days without you doing anything.'),
        ],
      }
    : {
        language,
        subject: 'Tu pago de la fianza no se ha completado',
        blocks: [
          paragraph(
            `El pago de la fianza (${amount}) no se confirmó a tiempo y lo hemos cancelado: no se te ha cobrado nada.`,
          ),
          paragraph('Puedes pagar de nuevo cuando quieras desde tu alta.'),
          action('Ir a mi alta', signUpUrl),
          note('Si tu banco te muestra un cargo pendiente, desaparecerá en unos días sin que hagas nada.'),
        ],
      };
}

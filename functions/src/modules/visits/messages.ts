import type { Language } from 'shared-i18n';
import { action, code, type LocalisedContent, note, paragraph } from '../../platform/email/content';
import { madridDate, madridTime } from '../../platform/madrid-time';

/** A visit's time as the visitor reads it, on the facility's clock. */
const visitWhen: Record<Language, (start: Date) => string> = {
  es: (start) => `el ${madridDate(start).split('-').reverse().join('/')} a las ${madridTime(start)}`,
  en: (start) => `on ${madridDate(start)} at ${madridTime(start)}`,
};

interface Business {
  name: string;
  address: string;
  phone: string;
}

/** The held visit's code and page: nothing typed by the requester is in it (the address is not proven yet). */
export function confirmVisitEmail(
  language: Language,
  {
    confirmationCode,
    start,
    holdMinutes,
    pageUrl,
    business,
  }: {
    confirmationCode: string;
    start: Date;
    holdMinutes: number;
    pageUrl: string;
    business: Pick<Business, 'name'>;
  },
): LocalisedContent {
  const when = visitWhen[language](start);
  return language === 'es'
    ? {
        language,
        subject: `Confirma tu visita: código ${confirmationCode}`,
        blocks: [
          paragraph(
            `Alguien (seguramente tú) ha pedido una visita a ${business.name} ${when} (hora de España peninsular).`,
          ),
          code('Tu código para confirmarla (escríbelo en la página donde la reservaste)', confirmationCode),
          action('O confírmala aquí', pageUrl),
          paragraph(`Guardamos la hora ${holdMinutes} minutos; sin confirmar, queda libre otra vez.`),
          note('Si no lo has pedido tú, no hagas nada.'),
        ],
      }
    : {
        language,
        subject: `Confirm your visit: code ${confirmationCode}`,
        blocks: [
          paragraph(`Someone (most likely you) asked for a visit to ${business.name} ${when} (Spanish mainland time).`),
          code('Your code to confirm it (type it where you booked)', confirmationCode),
          action('Or confirm it here', pageUrl),
          paragraph(`We hold the time for ${holdMinutes} minutes; unconfirmed, it is released.`),
          note('If it was not you, do nothing.'),
        ],
      };
}

/** The confirmed visit: where and when, the calendar file attached, the way to cancel. */
export function visitBookedEmail(
  language: Language,
  { start, cancelUrl, business }: { start: Date; cancelUrl: string; business: Pick<Business, 'address'> },
): LocalisedContent {
  const when = visitWhen[language](start);
  return language === 'es'
    ? {
        language,
        subject: `Tu visita ${when}`,
        blocks: [
          paragraph('Visita confirmada.'),
          paragraph(`Te esperamos ${when} (hora de España peninsular) en ${business.address}.`),
          paragraph('Añade la visita a tu calendario con el archivo adjunto.'),
          paragraph('Si no puedes venir, cancélala desde aquí:'),
          action('Cancelar la visita', cancelUrl),
        ],
      }
    : {
        language,
        subject: `Your visit ${when}`,
        blocks: [
          paragraph('Visit confirmed.'),
          paragraph(`We expect you ${when} (Spanish mainland time) at ${business.address}.`),
          paragraph('Add the visit to your calendar with the attached file.'),
          paragraph('If you cannot come, cancel it from here:'),
          action('Cancel the visit', cancelUrl),
        ],
      };
}

/** To the business: who comes and when (staff read Spanish). */
export function visitBookedNotice(visit: {
  fullName: string;
  phone: string;
  email: string;
  start: Date;
}): LocalisedContent {
  const when = visitWhen.es(visit.start);
  return {
    language: 'es',
    subject: `Visita reservada ${when} · ${visit.fullName}`,
    blocks: [paragraph(`${visit.fullName} · ${visit.phone} · ${visit.email}`), paragraph(`Visita ${when}.`)],
  };
}

/** Staff cancelled a booked visit: the visitor hears it, with the way to book another. */
export function visitCancelledEmail(
  language: Language,
  { fullName, start, homeUrl, business }: { fullName: string; start: Date; homeUrl: string; business: Business },
): LocalisedContent {
  const when = visitWhen[language](start);
  return language === 'es'
    ? {
        language,
        subject: `Hemos cancelado tu visita ${when}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Lo sentimos: hemos tenido que cancelar tu visita a ${business.name} ${when}.`),
          paragraph(`Puedes reservar otra cuando quieras (botón «Reservar visita»), o llamarnos al ${business.phone}.`),
          action('Reservar otra visita', homeUrl),
        ],
      }
    : {
        language,
        subject: `We have cancelled your visit ${when}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`We are sorry: we have had to cancel your visit to ${business.name} ${when}.`),
          paragraph(`You can book another whenever you like ("Book a visit"), or call us on ${business.phone}.`),
          action('Book another visit', homeUrl),
        ],
      };
}

/** To the business: a visitor cancelled from their e-mail's link (staff read Spanish). */
export function visitCancelledNotice({ fullName, start }: { fullName: string; start: Date }): LocalisedContent {
  return {
    language: 'es',
    subject: `Visita cancelada ${madridDate(start)} ${madridTime(start)} · ${fullName}`,
    blocks: [paragraph(`${fullName} ha cancelado su visita desde el enlace del correo.`)],
  };
}

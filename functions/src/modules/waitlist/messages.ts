import type { WaitlistRequest } from 'shared-api';
import { type Language, pathFor } from 'shared-i18n';
import { action, type LocalisedContent, note, paragraph } from '../../platform/email/content';

const calculatorPage = (site: string, language: Language) =>
  `${site.replace(/\/$/, '')}${pathFor('calculator', language)}`;

/** To the address typed on the form: its private page, where the request is confirmed. Nothing else typed is in it. */
export function joinConfirmationEmail(
  language: Language,
  { product, pageUrl, hours }: { product: string; pageUrl: string; hours: number },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Confirma tu lista de espera · ${product}`,
        blocks: [
          paragraph(`Alguien (seguramente tú) ha pedido apuntar este e-mail a la lista de espera de «${product}».`),
          paragraph(
            `Para entrar en la lista, confírmalo en las próximas ${hours} horas desde tu página de la lista de espera.`,
          ),
          action('Confirmar en mi página de la lista', pageUrl),
          paragraph('Allí verás tu posición y, cuando te toque, la oferta; también puedes salir de la lista.'),
          note('Si no lo has pedido tú, no hagas nada: sin confirmar, la solicitud se borra sola.'),
        ],
      }
    : {
        language,
        subject: `Confirm your waitlist request · ${product}`,
        blocks: [
          paragraph(`Someone (most likely you) asked to put this e-mail on the waitlist for "${product}".`),
          paragraph(`To enter the line, confirm it within ${hours} hours from your waitlist page.`),
          action('Confirm on my waitlist page', pageUrl),
          paragraph(
            'There you will see your place in line and, when it is your turn, the offer; you can also leave the list.',
          ),
          note('If it was not you, do nothing: unconfirmed, the request is deleted on its own.'),
        ],
      };
}

/** A unit for the person's turn: held until a deadline, longer once their page is opened. */
export function offerEmail(
  language: Language,
  {
    fullName,
    product,
    units,
    until,
    fullHold,
    pageUrl,
  }: {
    fullName: string;
    product: string;
    units: string;
    until: string;
    fullHold: string;
    pageUrl: string;
  },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `¡Tu trastero está disponible! · ${product}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Ya hay «${product}» para ti: te guardamos ${units} hasta el ${until} (hora de España).`),
          paragraph(
            `Abre tu página de la lista de espera antes y te lo guardamos hasta el ${fullHold}; desde ella empiezas el alta.`,
          ),
          action('Abrir mi página de la lista de espera', pageUrl),
          note('Si no la empiezas a tiempo, la oferta pasa a la siguiente persona.'),
        ],
      }
    : {
        language,
        subject: `Your storage is available · ${product}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`"${product}" is available for you: we hold ${units} until ${until} (Spanish time).`),
          paragraph(
            `Open your waitlist page before then and we hold it until ${fullHold}; start your sign-up from it.`,
          ),
          action('Open my waitlist page', pageUrl),
          note('If you do not start in time, the offer passes to the next person.'),
        ],
      };
}

/** An offer that expired untaken, or a sign-up from it that did not complete in time. */
export function offerClosedEmail(
  language: Language,
  {
    fullName,
    product,
    closed,
    site,
  }: { fullName: string; product: string; closed: 'expired' | 'lapsed'; site: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Tu oferta ha caducado · ${product}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(
            closed === 'expired'
              ? `La oferta de «${product}» ha caducado y ha pasado a la siguiente persona de la lista.`
              : `El alta de «${product}» no se completó a tiempo: el trastero reservado ha pasado a la siguiente persona.`,
          ),
          paragraph('Puedes volver a apuntarte a la lista de espera desde la calculadora.'),
          action('Ir a la calculadora', calculatorPage(site, language)),
        ],
      }
    : {
        language,
        subject: `Your offer has expired · ${product}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(
            closed === 'expired'
              ? `The offer of "${product}" has expired and passed to the next person on the list.`
              : `The sign-up for "${product}" was not completed in time: the held unit has passed to the next person.`,
          ),
          paragraph('You can join the waitlist again from the calculator.'),
          action('Go to the calculator', calculatorPage(site, language)),
        ],
      };
}

/** Staff took a confirmed person off the line. */
export function removedFromWaitlistEmail(
  language: Language,
  { fullName, product, site }: { fullName: string; product: string; site: string },
): LocalisedContent {
  return language === 'es'
    ? {
        language,
        subject: `Lista de espera · ${product}`,
        greeting: `Hola ${fullName}:`,
        blocks: [
          paragraph(`Te hemos quitado de la lista de espera de «${product}».`),
          paragraph('Si es un error, responde a este correo o vuelve a apuntarte desde la calculadora.'),
          action('Ir a la calculadora', calculatorPage(site, language)),
        ],
      }
    : {
        language,
        subject: `Waitlist · ${product}`,
        greeting: `Hello ${fullName},`,
        blocks: [
          paragraph(`We have taken you off the waitlist for "${product}".`),
          paragraph('If this is a mistake, reply to this e-mail or join again from the calculator.'),
          action('Go to the calculator', calculatorPage(site, language)),
        ],
      };
}

const TIMEFRAMES: Record<WaitlistRequest['timeframe'], string> = {
  asap: 'Lo antes posible',
  next_week: 'La próxima semana',
  next_month: 'El próximo mes',
  dont_know: 'Aún no lo sé',
};

/** To the business, once a request is confirmed from its e-mail (staff read Spanish). */
export function waitlistEntryNotice(entry: {
  fullName: string;
  phone: string;
  email: string;
  timeframe: string;
  productName: string;
  productPid: string | number;
  unitsRequired: number;
  volumeRequested: number;
  proceso: string | null;
}): LocalisedContent {
  return {
    language: 'es',
    subject: `Lista de espera: ${entry.productName}`,
    blocks: [
      paragraph('Nueva solicitud de lista de espera (confirmada desde su e-mail)'),
      paragraph(
        [
          `Nombre: ${entry.fullName}`,
          `Teléfono: ${entry.phone}`,
          `Email: ${entry.email}`,
          `Cuándo lo necesita: ${TIMEFRAMES[entry.timeframe as WaitlistRequest['timeframe']] ?? entry.timeframe}`,
          `Producto: ${entry.productName} (pid ${entry.productPid}), unidades: ${entry.unitsRequired}`,
          `Volumen calculado: ${Number(entry.volumeRequested).toFixed(3)} m³`,
          ...(entry.proceso ? [`Alta en curso (proceso): ${entry.proceso}`] : []),
        ].join('\n'),
      ),
    ],
  };
}

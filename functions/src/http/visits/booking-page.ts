import type { Response } from 'express';
import { bookVisitRequest, confirmVisitRequest } from 'shared-api';
import { formatCalendarDate } from 'shared-i18n';
import { z } from 'zod';
import type { FunctionContext } from '../../context';
import {
  bookableDays,
  bookedCounts,
  bookVisit,
  closedDates,
  confirmVisit,
  loadRules,
  visitTimes,
} from '../../modules/visits';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { madridDate, madridTime } from '../../platform/madrid-time';
import { escapeHtml, page } from '../../platform/pages/html';
import type { FunctionDefinition } from '../router';

type Language = 'es' | 'en';

/**
 * Book a visit without scripts: what Book a visit links to, so that a tap before the page's
 * scripts have run (or with none) books all the same. The site's dialog does the same with the
 * same functions once the scripts are there. The place is held and its code e-mailed, as from the
 * dialog; the e-mail's link confirms it too.
 */
const TEXTS = {
  es: {
    title: 'Reservar una visita',
    intro: 'Elige día y hora, y dinos quién viene. Te enviaremos un código por correo para confirmarla.',
    time: 'Día y hora',
    day: 'Día',
    timesOf: (day: string) => `Hora, el ${day}`,
    noTimes: 'No quedan horas libres en los próximos días. Llámanos y te buscamos una.',
    fullName: 'Nombre y apellidos',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    privacy: 'He leído y acepto la política de privacidad',
    privacyLink: 'política de privacidad',
    book: 'Reservar',
    errorsTitle: 'Revisa lo marcado:',
    errors: {
      startsAt: 'Elige una hora.',
      fullName: 'Escribe tu nombre (hasta 200 caracteres).',
      phone: 'Escribe un teléfono válido, por ejemplo 600 123 456.',
      email: 'Escribe un correo válido.',
      privacyAccepted: 'Acepta la política de privacidad para reservar.',
    },
    slotTaken: 'Esa hora se acaba de ocupar: elige otra.',
    limit: 'Ya tienes dos visitas reservadas: cancela una desde su correo para reservar otra.',
    tooMany: 'Demasiados intentos seguidos: espera un momento y vuelve a intentarlo.',
    held: (when: string, until: string) =>
      `Te guardamos la visita del ${when} hasta las ${until}. Te hemos enviado un código por correo: escríbelo aquí o pulsa el enlace del correo para confirmarla.`,
    code: 'Código del correo',
    confirm: 'Confirmar la visita',
    codeInvalid: 'El código son 6 cifras.',
    codeWrong: 'El código no es correcto: revisa el correo y vuelve a escribirlo.',
    lapsed: 'La reserva no se confirmó a tiempo y la hora quedó libre: elige otra.',
    done: (when: string) =>
      `Visita confirmada: te esperamos el ${when}. Te hemos enviado el archivo para tu calendario.`,
    back: 'Volver a la web',
  },
  en: {
    title: 'Book a visit',
    intro: "Choose a day and time, and tell us who is coming. We'll e-mail you a code to confirm it.",
    time: 'Day and time',
    day: 'Day',
    timesOf: (day: string) => `Time on ${day}`,
    noTimes: 'There are no free times in the coming days. Call us and we will find you one.',
    fullName: 'Full name',
    phone: 'Phone',
    email: 'E-mail',
    privacy: 'I have read and accept the privacy policy',
    privacyLink: 'privacy policy',
    book: 'Book',
    errorsTitle: 'Please check:',
    errors: {
      startsAt: 'Choose a time.',
      fullName: 'Enter your name (up to 200 characters).',
      phone: 'Enter a valid phone number, for example +34 600 123 456.',
      email: 'Enter a valid e-mail address.',
      privacyAccepted: 'Accept the privacy policy to book.',
    },
    slotTaken: 'That time has just been taken: choose another.',
    limit: 'You already have two visits booked: cancel one from its e-mail to book another.',
    tooMany: 'Too many tries in a row: wait a moment and try again.',
    held: (when: string, until: string) =>
      `We are holding your visit on ${when} until ${until}. We have e-mailed you a code: enter it here, or open the link in the e-mail, to confirm it.`,
    code: 'Code from the e-mail',
    confirm: 'Confirm the visit',
    codeInvalid: 'The code is 6 digits.',
    codeWrong: 'That code is not right: check it in the e-mail.',
    lapsed: 'The booking was not confirmed in time and the time was released: choose another.',
    done: (when: string) => `Visit confirmed: see you on ${when}. We have sent you the file for your calendar.`,
    back: 'Back to the website',
  },
} as const;

type Field = keyof (typeof TEXTS)['es']['errors'];
const FIELDS: Field[] = ['startsAt', 'fullName', 'phone', 'email', 'privacyAccepted'];

const languageOf = (value: unknown): Language => (value === 'en' ? 'en' : 'es');
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const whenOf = (startsAt: string, language: Language) => {
  const start = new Date(startsAt);
  const date = madridDate(start);
  return `${language === 'es' ? date.split('-').reverse().join('/') : date}, ${madridTime(start)}`;
};
const privacyPath = (language: Language) => (language === 'es' ? '/es/privacidad' : '/en/privacy');
const homePath = (language: Language) => `/${language}`;

function send(res: Response, status: number, title: string, body: string, language: Language) {
  res
    .status(status)
    .type('html')
    .set('cache-control', 'no-store')
    .send(page(title, body, language));
}

interface FormState {
  values: Record<string, string>;
  errors: Partial<Record<Field, string>>;
  failure?: string;
}

async function bookingForm(
  ctx: FunctionContext,
  language: Language,
  state: FormState,
  chosenDay?: string,
): Promise<string> {
  const t = TEXTS[language];
  const rules = await loadRules(ctx.db);
  const now = ctx.clock.now();
  const closed = new Set((await closedDates(ctx.db)).map((day) => day.date));
  const days = bookableDays(rules, closed, await bookedCounts(ctx.db, now, now), now);
  const { values, errors } = state;
  const described = (field: Field) => (errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const errorOf = (field: Field) =>
    errors[field] ? `<p class="error" id="${field}-error">${escapeHtml(errors[field])}</p>` : '';
  const open = days.filter((day) => day.slots.some((slot) => slot.available > 0));
  const typedDay = values.startsAt ? madridDate(new Date(values.startsAt)) : undefined;
  const day = open.find((d) => d.date === (chosenDay ?? typedDay)) ?? open[0];
  const times = (day?.slots ?? []).filter((slot) => slot.available > 0);
  // As the site's dialog writes them (shell/src/visits).
  const dayLabel = (date: string) => formatCalendarDate(date, language, 'short');
  const listed = Object.keys(errors).filter((field) => FIELDS.includes(field as Field)) as Field[];
  // The longest each field may be, as the server's checks (shared-api's bookVisitRequest) allow.
  const MAX_LENGTH = { fullName: 200, phone: 21, email: 254 } as const;
  const input = (field: 'fullName' | 'phone' | 'email', type: string, autocomplete: string) =>
    `<p><label for="${field}">${t[field]}</label><br>
<input id="${field}" name="${field}" type="${type}" autocomplete="${autocomplete}" maxlength="${MAX_LENGTH[field]}" value="${escapeHtml(values[field] ?? '')}"${described(field)}></p>
${errorOf(field)}`;
  return `<p><a href="${homePath(language)}">← ${t.back}</a></p>
<h1>${t.title}</h1>
<p>${t.intro}</p>
${state.failure ? `<p class="error" role="alert">${escapeHtml(state.failure)}</p>` : ''}
${
  listed.length
    ? `<div class="card" role="alert"><p>${t.errorsTitle}</p><ul>${listed
        .map(
          (field) =>
            `<li><a href="#${field === 'startsAt' ? 'times' : field}">${escapeHtml(errors[field] ?? '')}</a></li>`,
        )
        .join('')}</ul></div>`
    : ''
}
<form method="post" action="/functions/v1/visit-booking-submit" class="card" novalidate>
<input type="hidden" name="language" value="${language}">
<nav aria-label="${t.day}" class="days">${open
    .map(
      (d) =>
        `<a class="button ${d.date === day?.date ? 'primary' : 'secondary'}" href="/functions/v1/visit-booking?lang=${language}&amp;day=${d.date}"${
          d.date === day?.date ? ' aria-current="date"' : ''
        }>${escapeHtml(dayLabel(d.date))}</a>`,
    )
    .join('')}</nav>
<fieldset id="times"${described('startsAt')}><legend>${day ? escapeHtml(t.timesOf(dayLabel(day.date))) : t.time}</legend>
${
  times.length
    ? times
        .map(
          (slot) =>
            `<label class="check"><input type="radio" name="startsAt" value="${escapeHtml(slot.startsAt)}"${
              values.startsAt === slot.startsAt ? ' checked' : ''
            }> <span>${escapeHtml(slot.time)}</span></label>`,
        )
        .join('\n')
    : `<p>${t.noTimes}</p>`
}
</fieldset>
${errorOf('startsAt')}
${input('fullName', 'text', 'name')}
${input('phone', 'tel', 'tel')}
${input('email', 'email', 'email')}
<label class="check"><input type="checkbox" id="privacyAccepted" name="privacyAccepted" value="on"${
    values.privacyAccepted === 'on' ? ' checked' : ''
  }${described('privacyAccepted')}> <span>${t.privacy}</span></label>
<p><a href="${privacyPath(language)}">${t.privacyLink}</a></p>
${errorOf('privacyAccepted')}
<div class="actions"><button class="primary" type="submit">${t.book}</button></div>
</form>`;
}

function codeForm(
  language: Language,
  visit: { visitId: string; startsAt: string; holdUntil: string | null },
  error?: string,
): string {
  const t = TEXTS[language];
  const until = visit.holdUntil ? madridTime(new Date(visit.holdUntil)) : '';
  return `<h1>${t.title}</h1>
<div class="card">
<p role="status">${escapeHtml(t.held(whenOf(visit.startsAt, language), until))}</p>
<form method="post" action="/functions/v1/visit-booking-code" novalidate>
<input type="hidden" name="language" value="${language}">
<input type="hidden" name="visitId" value="${escapeHtml(visit.visitId)}">
<p><label for="code">${t.code}</label><br>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6"${
    error ? ' aria-invalid="true" aria-describedby="code-error"' : ''
  }></p>
${error ? `<p class="error" id="code-error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions"><button class="primary" type="submit">${t.confirm}</button></div>
</form>
</div>`;
}

const REFUSED_BOOKINGS = {
  visit_slot_full: 'slotTaken',
  visit_slot_unavailable: 'slotTaken',
  visits_limit: 'limit',
} as const;

/** GET visit-booking?lang=es|en — the booking form, with the free times now. */
export const visitBookingPageFunction: FunctionDefinition = {
  name: 'visit-booking',
  method: 'GET',
  async handle(req, ctx, res) {
    const language = languageOf(req.query.lang);
    const day =
      typeof req.query.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(req.query.day) ? req.query.day : undefined;
    const form = await bookingForm(ctx, language, { values: {}, errors: {} }, day);
    send(res, 200, TEXTS[language].title, form, language);
  },
};

const formBody = z.record(z.string(), z.unknown());

/** A posted form of this page: its fields, and the language its texts are in. */
function readForm(body: unknown) {
  const fields = formBody.parse(body ?? {});
  const language = languageOf(fields.language);
  return { fields, language, t: TEXTS[language] };
}

/** POST visit-booking-submit — holds the chosen time (as the dialog does), or the form again with what to fix. */
export const visitBookingSubmitFunction: FunctionDefinition = {
  name: 'visit-booking-submit',
  method: 'POST',
  body: 'form',
  async handle(req, ctx, res) {
    const { fields: body, language, t } = readForm(req.body);
    const values = Object.fromEntries(
      ['startsAt', 'fullName', 'phone', 'email', 'privacyAccepted'].map((field) => [field, text(body[field])]),
    );
    const again = async (status: number, state: Omit<FormState, 'values'>) =>
      send(res, status, t.title, await bookingForm(ctx, language, { values, ...state }), language);
    const parsed = bookVisitRequest.safeParse({
      startsAt: values.startsAt,
      fullName: values.fullName,
      phone: values.phone?.trim(),
      email: values.email?.trim(),
      language,
      privacyAccepted: values.privacyAccepted === 'on',
    });
    if (!parsed.success) {
      const errors: FormState['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && FIELDS.includes(field as Field))
          errors[field as Field] = t.errors[field as Field];
      }
      await again(400, { errors });
      return;
    }
    try {
      const hold = await commitThenRun(ctx, (tx) => bookVisit(tx, ctx, parsed.data));
      send(res, 200, t.title, codeForm(language, hold), language);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const refused =
        error.code && Object.hasOwn(REFUSED_BOOKINGS, error.code)
          ? REFUSED_BOOKINGS[error.code as keyof typeof REFUSED_BOOKINGS]
          : null;
      if (refused) await again(409, { errors: {}, failure: t[refused] });
      else if (error.status === 429) await again(429, { errors: {}, failure: t.tooMany });
      else if (error.status === 400) await again(400, { errors: { phone: t.errors.phone } });
      else throw error;
    }
  },
};

/** POST visit-booking-code — the e-mailed code makes the held time a visit (a wrong one counts). */
export const visitBookingCodeFunction: FunctionDefinition = {
  name: 'visit-booking-code',
  method: 'POST',
  body: 'form',
  async handle(req, ctx, res) {
    const { fields: body, language, t } = readForm(req.body);
    const visitId = z.uuid().safeParse(text(body.visitId));
    const times = visitId.success ? await visitTimes(ctx.db, visitId.data) : null;
    if (!visitId.success || !times) throw new HttpError(404, 'Visit not found');
    const visit = { visitId: visitId.data, ...times };
    const parsed = confirmVisitRequest.safeParse({ visitId: visit.visitId, code: text(body.code).replace(/\s+/g, '') });
    if (!parsed.success || !/^\d{6}$/.test(parsed.data.code)) {
      send(res, 400, t.title, codeForm(language, visit, t.codeInvalid), language);
      return;
    }
    const { code } = parsed.data;
    const outcome = await commitThenRun(ctx, (tx) => confirmVisit(tx, ctx, visit.visitId, code));
    if (outcome === 'wrong_code') {
      send(res, 409, t.title, codeForm(language, visit, t.codeWrong), language);
    } else if (outcome === 'lapsed') {
      send(
        res,
        409,
        t.title,
        await bookingForm(ctx, language, { values: {}, errors: {}, failure: t.lapsed }),
        language,
      );
    } else {
      send(
        res,
        200,
        t.title,
        `<h1>${t.title}</h1>
<div class="card"><p class="ok" role="status">${escapeHtml(t.done(whenOf(visit.startsAt, language)))}</p>
<p><a href="${homePath(language)}">${t.back}</a></p></div>`,
        language,
      );
    }
  },
};

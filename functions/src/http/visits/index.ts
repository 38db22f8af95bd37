import type { Response } from 'express';
import { postFunctions, VISIT_TIME_ZONE } from 'shared-api';
import { z } from 'zod';
import {
  bookableDays,
  bookedCounts,
  bookVisit,
  cancelByLink,
  closedDates,
  confirmByLink,
  confirmVisit,
  type LinkedVisit,
  loadRules,
  visitOfLink,
} from '../../modules/visits';
import { toIso } from '../../platform/db/iso';
import { refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { madridDate, madridTime } from '../../platform/madrid-time';
import { escapeHtml, page } from '../../platform/pages/html';
import { type FunctionDefinition, jsonFunction, parseOr400 } from '../router';

/** POST visit-slots — the days and free slots a visitor may book now. */
export const visitSlotsFunction = jsonFunction('visit-slots', postFunctions['visit-slots'], async (_input, ctx) => {
  const rules = await loadRules(ctx.db);
  const now = ctx.clock.now();
  const closed = new Set((await closedDates(ctx.db)).map((day) => day.date));
  const days = bookableDays(rules, closed, await bookedCounts(ctx.db, now, now), now);
  return { timeZone: VISIT_TIME_ZONE, slotMinutes: rules.slotMinutes, days };
});

/** POST book-visit — holds a place at a free slot; the code e-mailed to the visitor confirms it. */
export const bookVisitFunction = jsonFunction('book-visit', postFunctions['book-visit'], (input, ctx) =>
  commitThenRun(ctx, (tx) => bookVisit(tx, ctx, input)),
);

/** POST confirm-visit — the code of the e-mail makes the held place a visit (a wrong one counts). */
export const confirmVisitFunction = jsonFunction(
  'confirm-visit',
  postFunctions['confirm-visit'],
  async ({ visitId, code }, ctx) => {
    // The wrong-code count is committed before the refusal is sent.
    const outcome = await commitThenRun(ctx, (tx) => confirmVisit(tx, ctx, visitId, code));
    if (outcome === 'wrong_code') throw refusal('visit_code_wrong');
    if (outcome === 'lapsed') throw refusal('visit_hold_lapsed');
    return { status: 'booked' as const };
  },
);

const TEXTS = {
  es: {
    title: 'Tu visita',
    when: (date: string, time: string) =>
      `${date.split('-').reverse().join('/')} a las ${time} (hora de España peninsular)`,
    cancel: 'Cancelar la visita',
    confirm: 'Confirmar la visita',
    held: 'Guardamos esta hora unos minutos: confírmala para que sea tuya.',
    confirmed: 'Visita confirmada: te hemos enviado el archivo para tu calendario.',
    lapsed: 'Esta reserva no se confirmó a tiempo y la hora quedó libre: puedes reservar otra desde la web.',
    cancelled: 'Visita cancelada. Gracias por avisar.',
    alreadyCancelled: 'Esta visita ya está cancelada.',
    past: 'Esta visita ya ha pasado.',
  },
  en: {
    title: 'Your visit',
    when: (date: string, time: string) => `${date} at ${time} (Spanish mainland time)`,
    cancel: 'Cancel the visit',
    confirm: 'Confirm the visit',
    held: 'We hold this time for a few minutes: confirm it to make it yours.',
    confirmed: 'Visit confirmed: we have sent you the file for your calendar.',
    lapsed: 'This booking was not confirmed in time and the time was released: you can book another on the website.',
    cancelled: 'Visit cancelled. Thank you for letting us know.',
    alreadyCancelled: 'This visit is already cancelled.',
    past: 'This visit is over.',
  },
};

/** The visit's page: confirm a held place, cancel a booked visit. Nothing typed by the booker is shown. */
function visitPage(visit: LinkedVisit, token: string, now: Date, notice?: string): string {
  const text = TEXTS[visit.language];
  const start = new Date(toIso(visit.starts_at) ?? '');
  const future = start.getTime() > now.getTime();
  const held =
    visit.status === 'pending' && visit.hold_until !== null && new Date(visit.hold_until).getTime() > now.getTime();
  const open = visit.status === 'booked' && future;
  const state =
    notice ??
    (visit.status === 'cancelled'
      ? text.alreadyCancelled
      : held
        ? text.held
        : visit.status === 'pending' || visit.status === 'lapsed'
          ? text.lapsed
          : open
            ? ''
            : text.past);
  const button = (action: string, label: string, kind: string) =>
    `<form method="post" action="/functions/v1/${action}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="actions"><button class="${kind}" type="submit">${label}</button></div></form>`;
  return page(
    text.title,
    `<h1>${text.title}</h1>
<div class="card">
<p>${escapeHtml(text.when(madridDate(start), madridTime(start)))}</p>
${state ? `<p class="${notice ? 'ok' : 'muted'}" role="status">${escapeHtml(state)}</p>` : ''}
${held ? button('visit-confirm-submit', text.confirm, 'primary') : ''}
${open || held ? button('visit-cancel-submit', text.cancel, 'danger') : ''}
</div>`,
    visit.language,
  );
}

const tokenQuery = z.object({ token: z.string().max(100) });

/** GET visit?token=… — the visit of an e-mail: Confirm while held, Cancel while booked. */
export const visitPageFunction: FunctionDefinition = {
  name: 'visit',
  method: 'GET',
  handle: (req, ctx, res) => showVisitPage(req, ctx, res),
};

/** The visit's page, never cached (it changes with the visit), with `notice` said at its top. */
function sendVisitPage(res: Response, visit: LinkedVisit, token: string, now: Date, notice?: string) {
  res
    .type('html')
    .set('cache-control', 'no-store')
    .send(visitPage(visit, token, now, notice));
}

/** GET visit-cancel?token=… — the same page, by the address the e-mails sent before confirmation existed. */
export const visitCancelPageFunction: FunctionDefinition = {
  name: 'visit-cancel',
  method: 'GET',
  handle: (req, ctx, res) => showVisitPage(req, ctx, res),
};

/** POST visit-confirm-submit — the e-mailed link confirms the held place (the link is the proof). */
export const visitConfirmSubmitFunction: FunctionDefinition = {
  name: 'visit-confirm-submit',
  body: 'form',
  method: 'POST',
  async handle(req, ctx, res) {
    const { token } = parseOr400(tokenQuery, req.body);
    const { visit, confirmed } = await confirmByLink(ctx, token);
    // Confirmed: the cancel link is in the new e-mail; this page keeps the Cancel button.
    sendVisitPage(res, visit, token, ctx.clock.now(), confirmed ? TEXTS[visit.language].confirmed : undefined);
  },
};

const showVisitPage: FunctionDefinition['handle'] = async (req, ctx, res) => {
  const { token } = parseOr400(tokenQuery, req.query);
  sendVisitPage(res, await visitOfLink(ctx, token), token, ctx.clock.now());
};

/** POST visit-cancel-submit — cancels the visit of the link (once; again says it is cancelled). */
export const visitCancelSubmitFunction: FunctionDefinition = {
  name: 'visit-cancel-submit',
  body: 'form',
  method: 'POST',
  async handle(req, ctx, res) {
    const { token } = parseOr400(tokenQuery, req.body);
    const { visit, cancelled } = await cancelByLink(ctx, token);
    sendVisitPage(res, visit, token, ctx.clock.now(), cancelled ? TEXTS[visit.language].cancelled : undefined);
  },
};

export { visitBookingCodeFunction, visitBookingPageFunction, visitBookingSubmitFunction } from './booking-page';

import { postFunctions, VISIT_TIME_ZONE } from 'shared-api';
import { z } from 'zod';
import { withDelivery } from '../../adapters/outbox-delivery';
import type { Queryable } from '../../db';
import { toIso } from '../../db/iso';
import { HttpError } from '../../http-error';
import { madridDate, madridTime } from '../../madrid-time';
import { type FunctionDefinition, jsonFunction, parseOr400 } from '../../router';
import { bookVisit, cancelVisit } from '../../visits/book';
import { bookedCounts, closedDates, loadRules } from '../../visits/records';
import { bookableDays } from '../../visits/slots';
import { sha256 } from '../abridor/secrets';
import { escapeHtml, page } from '../pages/html';

/** POST visit-slots — the days and free slots a visitor may book now. */
export const visitSlotsFunction = jsonFunction('visit-slots', postFunctions['visit-slots'], async (_input, ctx) => {
  const rules = await loadRules(ctx.db);
  const now = ctx.clock.now();
  const closed = new Set((await closedDates(ctx.db)).map((day) => day.date));
  const days = bookableDays(rules, closed, await bookedCounts(ctx.db, now), now);
  return { timeZone: VISIT_TIME_ZONE, slotMinutes: rules.slotMinutes, days };
});

/** POST book-visit — one visit at a free slot; its confirmation e-mail carries the calendar file. */
export const bookVisitFunction = jsonFunction('book-visit', postFunctions['book-visit'], (input, ctx) =>
  withDelivery(ctx, (tx) => bookVisit(tx, ctx, input)),
);

interface VisitRow extends Record<string, unknown> {
  id: string;
  starts_at: Date | string;
  full_name: string;
  language: 'es' | 'en';
  status: 'booked' | 'cancelled';
}

async function visitByToken(q: Queryable, token: string): Promise<VisitRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const { rows } = await q.query<VisitRow>(
    'select id::text, starts_at, full_name, language, status from visits where cancel_token_hash = $1',
    [sha256(token)],
  );
  return rows[0] ?? null;
}

const TEXTS = {
  es: {
    title: 'Tu visita',
    when: (date: string, time: string) =>
      `${date.split('-').reverse().join('/')} a las ${time} (hora de España peninsular)`,
    cancel: 'Cancelar la visita',
    cancelled: 'Visita cancelada. Gracias por avisar.',
    alreadyCancelled: 'Esta visita ya está cancelada.',
    past: 'Esta visita ya ha pasado.',
  },
  en: {
    title: 'Your visit',
    when: (date: string, time: string) => `${date} at ${time} (Spanish mainland time)`,
    cancel: 'Cancel the visit',
    cancelled: 'Visit cancelled. Thank you for letting us know.',
    alreadyCancelled: 'This visit is already cancelled.',
    past: 'This visit is over.',
  },
};

function visitPage(visit: VisitRow, token: string, now: Date, notice?: string): string {
  const text = TEXTS[visit.language];
  const start = new Date(toIso(visit.starts_at) ?? '');
  const open = visit.status === 'booked' && start.getTime() > now.getTime();
  const state = notice ?? (visit.status === 'cancelled' ? text.alreadyCancelled : open ? '' : text.past);
  return page(
    text.title,
    `<h1>${text.title}</h1>
<div class="card">
<p><strong>${escapeHtml(visit.full_name)}</strong></p>
<p>${escapeHtml(text.when(madridDate(start), madridTime(start)))}</p>
${state ? `<p class="${notice ? 'ok' : 'muted'}" role="status">${escapeHtml(state)}</p>` : ''}
${
  open
    ? `<form method="post" action="/functions/v1/visit-cancel-submit"><input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="actions"><button class="danger" type="submit">${text.cancel}</button></div></form>`
    : ''
}
</div>`,
    visit.language,
  );
}

const tokenQuery = z.object({ token: z.string().max(100) });

/** GET visit-cancel?token=… — the visit of a confirmation e-mail, with its Cancel button. */
export const visitCancelPageFunction: FunctionDefinition = {
  name: 'visit-cancel',
  method: 'GET',
  async handle(req, ctx, res) {
    const { token } = parseOr400(tokenQuery, req.query);
    const visit = await visitByToken(ctx.db, token);
    if (!visit) throw new HttpError(404, 'Visit not found');
    res
      .type('html')
      .set('cache-control', 'no-store')
      .send(visitPage(visit, token, ctx.clock.now()));
  },
};

/** POST visit-cancel-submit — cancels the visit of the link (once; again says it is cancelled). */
export const visitCancelSubmitFunction: FunctionDefinition = {
  name: 'visit-cancel-submit',
  body: 'form',
  method: 'POST',
  async handle(req, ctx, res) {
    const { token } = parseOr400(tokenQuery, req.body);
    const html = await withDelivery(ctx, async (tx) => {
      const visit = await visitByToken(tx, token);
      if (!visit) throw new HttpError(404, 'Visit not found');
      const start = new Date(toIso(visit.starts_at) ?? '');
      if (visit.status !== 'booked' || start.getTime() <= ctx.clock.now().getTime()) {
        return visitPage(visit, token, ctx.clock.now());
      }
      await cancelVisit(tx, visit.id, 'visitor');
      await ctx.mailer.queue(
        {
          to: ctx.config.BUSINESS_EMAIL,
          subject: `Visita cancelada ${madridDate(start)} ${madridTime(start)} · ${visit.full_name}`,
          text: `${visit.full_name} ha cancelado su visita desde el enlace del correo.`,
        },
        tx,
      );
      return visitPage({ ...visit, status: 'cancelled' }, token, ctx.clock.now(), TEXTS[visit.language].cancelled);
    });
    res.type('html').set('cache-control', 'no-store').send(html);
  },
};

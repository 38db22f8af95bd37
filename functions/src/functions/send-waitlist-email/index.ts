import { createHash } from 'node:crypto';
import { postFunctions, type WaitlistRequest } from 'shared-api';
import { withDelivery } from '../../adapters/outbox-delivery';
import type { Queryable } from '../../db';
import { jsonFunction } from '../../router';
import { positionOf } from '../../waitlist/line';
import { issuePrivateLink } from '../../waitlist/links';
import { unitsFreed } from '../../waitlist/offers';

const TIMEFRAMES: Record<WaitlistRequest['timeframe'], { es: string; en: string }> = {
  asap: { es: 'Lo antes posible', en: 'As soon as possible' },
  next_week: { es: 'La próxima semana', en: 'Next week' },
  next_month: { es: 'El próximo mes', en: 'Next month' },
  dont_know: { es: 'Aún no lo sé', en: 'Not sure yet' },
};

/** Identity of a request for de-duplication: what the visitor typed, normalised. */
export function requestHash(request: WaitlistRequest): string {
  const canonical = JSON.stringify([
    request.fullName.trim().toLowerCase(),
    request.phone.replace(/\s+/g, ''),
    request.email.trim().toLowerCase(),
    request.timeframe,
    String(request.product.pid),
    request.product.numberProductsRequired,
    request.volumeRequested.toFixed(3),
    request.procesoParam ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function businessEmail(r: WaitlistRequest): string {
  return [
    'Nueva solicitud de lista de espera',
    '',
    `Nombre: ${r.fullName}`,
    `Teléfono: ${r.phone}`,
    `Email: ${r.email}`,
    `Cuándo lo necesita: ${TIMEFRAMES[r.timeframe].es}`,
    `Producto: ${r.product.name} (pid ${r.product.pid}), unidades: ${r.product.numberProductsRequired}`,
    `Volumen calculado: ${r.volumeRequested.toFixed(3)} m³`,
    ...(r.procesoParam ? [`Alta en curso (proceso): ${r.procesoParam}`] : []),
  ].join('\n');
}

function applicantEmail(r: WaitlistRequest, position: number, links: { es: string; en: string }): string {
  return [
    `Hola ${r.fullName}:`,
    '',
    `Te hemos añadido a la lista de espera de «${r.product.name}». Estás en la posición ${position}.`,
    'Cuando quede uno libre y te toque, te lo reservamos y te avisamos por e-mail y SMS.',
    `Tu página de la lista de espera (posición, oferta, salir de la lista): ${links.es}`,
    '',
    '---',
    '',
    `Hello ${r.fullName},`,
    '',
    `You have been added to the waitlist for "${r.product.name}". You are number ${position} in line.`,
    'When one is free and it is your turn, we hold it for you and tell you by e-mail and SMS.',
    `Your waitlist page (position, offer, leave the list): ${links.en}`,
  ].join('\n');
}

/** The request's product as a unit-tracked product id, if it is one. */
async function trackedProductId(tx: Queryable, pid: string | number): Promise<number | null> {
  const id = Number(pid);
  if (!Number.isInteger(id)) return null;
  const { rows } = await tx.query('select 1 from products where pid = $1', [id]);
  return rows.length ? id : null;
}

/** POST send-waitlist-email: stores the request once, tells the business and the applicant. */
export const sendWaitlistEmailFunction = jsonFunction(
  'send-waitlist-email',
  postFunctions['send-waitlist-email'],
  async (request, ctx) => {
    const hash = requestHash(request);
    await withDelivery(ctx, async (tx) => {
      // Two identical requests at the same moment are serialised, then the second is a no-op.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [hash]);
      const { rows } = await tx.query(
        `select 1 from waitlist_requests where request_hash = $1 and created_at > now() - interval '1 minute'`,
        [hash],
      );
      if (rows.length) return [];
      const { rows: inserted } = await tx.query<{ id: string }>(
        `insert into waitlist_requests (full_name, phone, email, timeframe, product_pid, product_name,
           units_required, volume_requested, proceso, request_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
        [
          request.fullName.trim(),
          request.phone.trim(),
          request.email.trim(),
          request.timeframe,
          String(request.product.pid),
          request.product.name,
          request.product.numberProductsRequired,
          request.volumeRequested,
          request.procesoParam ?? null,
          hash,
        ],
      );
      const entryId = inserted[0]?.id ?? '';
      const links = await issuePrivateLink(tx, entryId, ctx.config.PUBLIC_SITE_URL);
      const position = (await positionOf(tx, entryId)) ?? 1;
      // A unit may have come free in the meantime: the line is looked at now.
      const productId = await trackedProductId(tx, request.product.pid);
      if (productId !== null) await unitsFreed(tx, ctx, [productId]);
      await Promise.all([
        ctx.mailer.queue(
          {
            to: ctx.config.BUSINESS_EMAIL,
            subject: `Lista de espera: ${request.product.name}`,
            text: businessEmail(request),
          },
          tx,
        ),
        ctx.mailer.queue(
          {
            to: request.email.trim(),
            subject: 'Lista de espera / Waitlist',
            text: applicantEmail(request, position, links),
          },
          tx,
        ),
      ]);
    });
    return { success: true };
  },
);

import { createHash } from 'node:crypto';
import { postFunctions, type WaitlistRequest } from 'shared-api';
import { withDelivery } from '../../adapters/outbox-delivery';
import type { Queryable } from '../../db';
import { refusal } from '../../http-error';
import { jsonFunction } from '../../router';
import { positionOf } from '../../waitlist/line';
import { issuePrivateLink } from '../../waitlist/links';

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

/** The applicant's e-mail, in the language they joined in alone, the product named in it. */
function applicantEmail(
  r: WaitlistRequest,
  language: 'es' | 'en',
  product: string,
  position: number,
  link: string,
): { subject: string; text: string } {
  return language === 'es'
    ? {
        subject: `Lista de espera · ${product}`,
        text: [
          `Hola ${r.fullName}:`,
          '',
          `Te hemos añadido a la lista de espera de «${product}». Estás en la posición ${position}.`,
          'Cuando quede uno libre y te toque, te lo reservamos y te avisamos por e-mail y SMS.',
          `Tu página de la lista de espera (posición, oferta, salir de la lista): ${link}`,
        ].join('\n'),
      }
    : {
        subject: `Waitlist · ${product}`,
        text: [
          `Hello ${r.fullName},`,
          '',
          `You have been added to the waitlist for "${product}". You are number ${position} in line.`,
          'When one is free and it is your turn, we hold it for you and tell you by e-mail and SMS.',
          `Your waitlist page (position, offer, leave the list): ${link}`,
        ].join('\n'),
      };
}

/**
 * The catalogue's own id and name for the requested product, when it is one: the line is kept by
 * that id (so "07" and "7" are one line) and offers name the product as the catalogue does, never
 * with text a visitor typed.
 */
async function catalogueProduct(
  tx: Queryable,
  { pid }: { pid: string | number },
): Promise<{ pid: string; name: string; names: { es: string; en: string } } | null> {
  const id = Number(String(pid).trim());
  if (!Number.isInteger(id) || id <= 0) return null;
  const { rows } = await tx.query<{ name_es: string; name_en: string }>(
    'select name_es, name_en from products where pid = $1',
    [id],
  );
  const row = rows[0];
  // Kept by its Spanish name (staff's); each message names it in its reader's language.
  return row ? { pid: String(id), name: row.name_es, names: { es: row.name_es, en: row.name_en } } : null;
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
      // Only a product of the catalogue has a line: an unknown id is refused, not stored.
      const known = await catalogueProduct(tx, request.product);
      if (!known) throw refusal('product_not_found');
      const asStored: WaitlistRequest = {
        ...request,
        product: { ...request.product, pid: known.pid, name: known.name },
      };
      const language = request.language ?? 'es';
      const { rows: inserted } = await tx.query<{ id: string }>(
        `insert into waitlist_requests (full_name, phone, email, timeframe, product_pid, product_name,
           units_required, volume_requested, proceso, request_hash, language)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id::text`,
        [
          request.fullName.trim(),
          request.phone.trim(),
          request.email.trim(),
          request.timeframe,
          known.pid,
          known.name,
          request.product.numberProductsRequired,
          request.volumeRequested,
          request.procesoParam ?? null,
          hash,
          language,
        ],
      );
      const entryId = inserted[0]?.id ?? '';
      const links = await issuePrivateLink(tx, entryId, ctx.config.PUBLIC_SITE_URL);
      const position = (await positionOf(tx, entryId)) ?? 1;
      // No offer round here: joining never holds a unit (a unit that is free now can simply be
      // signed up for), so a stream of joins cannot take a product's stock off the market.
      await Promise.all([
        ctx.mailer.queue(
          {
            to: ctx.config.BUSINESS_EMAIL,
            subject: `Lista de espera: ${asStored.product.name}`,
            text: businessEmail(asStored),
          },
          tx,
        ),
        ctx.mailer.queue(
          {
            to: request.email.trim(),
            ...applicantEmail(asStored, language, known.names[language], position, links[language]),
          },
          tx,
        ),
      ]);
    });
    return { success: true };
  },
);

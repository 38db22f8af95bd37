import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';

/** An issued invoice's PDF, as it was sent: invoices are never re-rendered (nor edited). */
export async function invoiceDocument(
  q: Queryable,
  invoiceId: string,
): Promise<{ number: string; pdf: Buffer } | null> {
  const { rows } = await q.query<{ number: string; pdf: Uint8Array }>(
    sql`select number, pdf from invoices where id = ${invoiceId}`,
  );
  const row = rows[0];
  return row ? { number: row.number, pdf: Buffer.from(row.pdf) } : null;
}

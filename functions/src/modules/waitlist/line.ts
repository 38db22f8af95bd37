import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';

type EntryStatus = 'unconfirmed' | 'waiting' | 'offered' | 'accepted' | 'offer_expired' | 'left' | 'lapsed';

export interface EntryRow extends Record<string, unknown> {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  timeframe: string;
  product_pid: string;
  product_name: string;
  /** The language the visitor joined in (their messages are in it). */
  language: 'es' | 'en';
  units_required: number;
  volume_requested: string;
  status: EntryStatus;
  created_at: Date | string;
  /** The sign-up the visitor came from, if any. */
  proceso: string | null;
}

const ENTRY_COLUMNS = sql`id::text, full_name, email, phone, timeframe, product_pid, product_name, language, units_required,
  volume_requested::text, status, created_at, proceso`;

export async function entryByTokenHash(q: Queryable, tokenHash: string, { forUpdate = false } = {}) {
  const { rows } = await q.query<EntryRow>(sql`select ${ENTRY_COLUMNS} from waitlist_requests
     where id = (select entry_id from waitlist_links where token_hash = ${tokenHash})${forUpdate ? sql` for update` : sql``}`);
  return rows[0] ?? null;
}

/**
 * The entry's place in the line of its product: 1 for the first, counting the entries still in
 * line (waiting, or holding an offer) that joined before it. Null once it left the line.
 */
export async function positionOf(q: Queryable, entryId: string): Promise<number | null> {
  const { rows } = await q.query<{
    position: number | null;
  }>(sql`select case when w.status in ('waiting', 'offered') then (
         select count(*)::integer from waitlist_requests o
         where o.product_pid = w.product_pid and o.status in ('waiting', 'offered')
           and (o.created_at, o.id) <= (w.created_at, w.id))
       end as position
     from waitlist_requests w where w.id = ${entryId}`);
  return rows[0]?.position ?? null;
}

/** The entry's product as the catalogue names it in the entry's language (the stored name otherwise). */
export async function productNameFor(q: Queryable, entry: Pick<EntryRow, 'product_pid' | 'product_name' | 'language'>) {
  const { rows } = await q.query<{ name: string }>(
    sql`select case when ${entry.language} = 'en' then name_en else name_es end as name from products where pid::text = ${entry.product_pid}`,
  );
  return rows[0]?.name ?? entry.product_name;
}

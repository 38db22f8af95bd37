import { BACKOFFICE_PAGE_SIZE, type MESSAGE_STATES, type OutboxEntry } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { pageOf } from '../../platform/db/paging';
import { searchWhere } from '../../platform/db/search';
import { type SqlStatement, sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { recordAudit } from './audit';
import type { Actor } from './staff-session';

interface OutboxRow extends Record<string, unknown> {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  attempts: number;
  error: string | null;
  attachments: number;
  resent_from: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
}

const COLUMNS = sql`o.id::text as id, o.channel, o.recipient, o.subject, o.attempts, o.error, o.resent_from::text as resent_from,
  o.created_at, o.sent_at, o.failed_at,
  (select count(*)::int from outbox_attachments a where a.outbox_id = o.id) as attachments`;

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  state: row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'pending',
  attempts: row.attempts,
  error: row.error,
  attachments: row.attachments,
  resentFrom: row.resent_from,
  createdAt: toIso(row.created_at) ?? '',
  sentAt: toIso(row.sent_at),
});

const STATE_WHERE = {
  sent: sql`o.sent_at is not null`,
  failed: sql`o.failed_at is not null and o.sent_at is null`,
  pending: sql`o.sent_at is null and o.failed_at is null`,
} as const;

async function messageById(q: Queryable, id: string): Promise<OutboxEntry> {
  const { rows } = await q.query<OutboxRow>(sql`select ${COLUMNS} from outbox o where o.id = ${id}`);
  if (!rows[0]) throw new HttpError(404, 'Message not found');
  return toEntry(rows[0]);
}

/** What was sent to whom and whether it went, newest first, filtered and searched. */
export async function listMessages(
  ctx: Pick<FunctionContext, 'db'>,
  {
    channel,
    state,
    search,
    page,
  }: {
    channel?: 'email' | 'sms' | undefined;
    state?: (typeof MESSAGE_STATES)[number] | undefined;
    search?: string | undefined;
    page: number;
  },
) {
  const where: SqlStatement[] = [];
  if (channel) where.push(sql`o.channel = ${channel}`);
  if (state) where.push(STATE_WHERE[state]);
  if (search) where.push(searchWhere(['o.recipient', 'o.subject'], search));
  const {
    rows,
    total,
    page: shown,
  } = await pageOf<OutboxRow>(ctx.db, {
    select: COLUMNS,
    from: sql`from outbox o`,
    where,
    order: sql`o.created_at desc, o.id desc`,
    limit: BACKOFFICE_PAGE_SIZE,
    page,
  });
  return { rows: rows.map(toEntry), total, page: shown, pageSize: BACKOFFICE_PAGE_SIZE };
}

/** Staff send a message again (a new row naming the one it repeats; twice within a minute is once). */
export async function resendMessage(ctx: FunctionContext, actor: Actor, id: string) {
  return commitThenRun(ctx, async (tx) => {
    const { rows: original } = await tx.query<{ id: string }>(
      sql`select id::text as id from outbox where id = ${id} for update`,
    );
    if (!original[0]) throw new HttpError(404, 'Message not found');
    const { rows: recent } = await tx.query<{
      id: string;
    }>(sql`select id::text as id from outbox where resent_from = ${id} and created_at > now() - interval '1 minute'
       order by id desc limit 1`);
    if (recent[0]) return { message: await messageById(tx, recent[0].id) };
    const newId = await ctx.outbox.resend(id, tx);
    const message = await messageById(tx, newId);
    await recordAudit(tx, actor, {
      action: 'resend_message',
      target: `message:${id}:${message.recipient}`,
      after: { id: newId },
    });
    return { message };
  });
}

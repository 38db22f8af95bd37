import type { Queryable } from '../platform/db';
import { sql } from '../platform/db/sql';

export type OutboxChannel = 'email' | 'sms';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

interface OutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  /** The plain text (an e-mail's text part, a text message). */
  body: string;
  /** An e-mail's HTML part. */
  html?: string;
  /** Never listed by the development endpoint (the company's signing links): only its recipient reads it. */
  unlisted?: boolean;
  attachments?: Attachment[];
}

interface StoredOutboxMessage extends Omit<OutboxMessage, 'attachments'> {
  id: string;
  createdAt: string;
  attachments?: { id: string; filename: string; contentType: string; size: number }[];
}

export interface Outbox {
  /** Writes the message inside the caller's transaction when one is given. */
  enqueue(message: OutboxMessage, tx?: Queryable): Promise<string>;
  /** A new message repeating a stored one (its attachments too), naming it; returns the new id. */
  resend(id: string, tx: Queryable): Promise<string>;
  latest(filter: { recipient?: string; limit: number }): Promise<StoredOutboxMessage[]>;
  /** A listed message's attachment, by its id (the development endpoint). */
  listedAttachment(id: string): Promise<Attachment | null>;
}

/** The files of one message, in the order they were attached. */
export async function attachmentsOf(q: Queryable, outboxId: string): Promise<Attachment[]> {
  const { rows } = await q.query<{ filename: string; content_type: string; content: Uint8Array }>(
    sql`select filename, content_type, content from outbox_attachments where outbox_id = ${outboxId} order by id`,
  );
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    content: Buffer.from(row.content),
  }));
}

/** Called in the writer's transaction for every message written: its delivery is scheduled there. */
export type OnQueued = (tx: Queryable, message: { id: string; channel: OutboxChannel }) => Promise<void>;

export function createOutbox(db: Queryable, onQueued: OnQueued = async () => {}): Outbox {
  return {
    async enqueue(message, tx = db) {
      const { rows } = await tx.query<{
        id: string;
      }>(sql`insert into outbox (channel, recipient, subject, body, html, listed) values (${message.channel}, ${message.recipient}, ${message.subject ?? null}, ${message.body}, ${message.html ?? null}, ${!message.unlisted})
         returning id::text as id`);
      const id = rows[0]?.id ?? '';
      for (const file of message.attachments ?? []) {
        await tx.query(
          sql`insert into outbox_attachments (outbox_id, filename, content_type, content) values (${id}, ${file.filename}, ${file.contentType}, ${file.content})`,
        );
      }
      await onQueued(tx, { id, channel: message.channel });
      return id;
    },
    async resend(id, tx) {
      const { rows } = await tx.query<{
        id: string;
        channel: OutboxChannel;
      }>(sql`insert into outbox (channel, recipient, subject, body, html, listed, resent_from)
         select channel, recipient, subject, body, html, listed, id from outbox where id = ${id}
         returning id::text as id, channel`);
      const copy = rows[0];
      if (!copy) throw new Error(`no outbox message ${id}`);
      await tx.query(sql`insert into outbox_attachments (outbox_id, filename, content_type, content)
         select ${copy.id}, filename, content_type, content from outbox_attachments where outbox_id = ${id} order by id`);
      await onQueued(tx, copy);
      return copy.id;
    },
    async latest({ recipient, limit }) {
      const { rows } = await db.query<{
        id: string;
        channel: 'email' | 'sms';
        recipient: string;
        subject: string | null;
        body: string;
        created_at: Date | string;
        attachments: { id: string; filename: string; contentType: string; size: number }[] | null;
      }>(sql`select o.id::text as id, o.channel, o.recipient, o.subject, o.body, o.created_at,
           (select json_agg(json_build_object('id', a.id::text, 'filename', a.filename,
              'contentType', a.content_type, 'size', octet_length(a.content)) order by a.id)
            from outbox_attachments a where a.outbox_id = o.id) as attachments
         from outbox o
         where o.listed and (${recipient ?? null}::text is null or o.recipient = ${recipient ?? null}) order by o.id desc limit ${limit}`);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        ...(r.subject ? { subject: r.subject } : {}),
        body: r.body,
        createdAt: new Date(r.created_at).toISOString(),
        ...(r.attachments ? { attachments: r.attachments } : {}),
      }));
    },
    async listedAttachment(id) {
      const { rows } = await db.query<{
        filename: string;
        content_type: string;
        content: Uint8Array;
      }>(sql`select a.filename, a.content_type, a.content from outbox_attachments a join outbox o on o.id = a.outbox_id
         where a.id = ${id}::bigint and o.listed`);
      const row = rows[0];
      return row ? { filename: row.filename, contentType: row.content_type, content: Buffer.from(row.content) } : null;
    },
  };
}

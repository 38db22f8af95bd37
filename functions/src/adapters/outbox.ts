import type { Queryable } from '../db';

export type OutboxChannel = 'email' | 'sms';

export interface OutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
  /** Never listed by the development endpoint (the company's signing links): only its recipient reads it. */
  unlisted?: boolean;
}

export interface StoredOutboxMessage extends OutboxMessage {
  id: string;
  createdAt: string;
}

export interface Outbox {
  /** Writes the message inside the caller's transaction when one is given. */
  enqueue(message: OutboxMessage, tx?: Queryable): Promise<string>;
  latest(filter: { recipient?: string; limit: number }): Promise<StoredOutboxMessage[]>;
}

export function createOutbox(db: Queryable): Outbox {
  return {
    async enqueue(message, tx = db) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into outbox (channel, recipient, subject, body, listed) values ($1, $2, $3, $4, $5)
         returning id::text as id`,
        [message.channel, message.recipient, message.subject ?? null, message.body, !message.unlisted],
      );
      return rows[0]?.id ?? '';
    },
    async latest({ recipient, limit }) {
      const { rows } = await db.query<{
        id: string;
        channel: 'email' | 'sms';
        recipient: string;
        subject: string | null;
        body: string;
        created_at: Date | string;
      }>(
        `select id::text as id, channel, recipient, subject, body, created_at from outbox
         where listed and ($1::text is null or recipient = $1) order by outbox.id desc limit $2`,
        [recipient ?? null, limit],
      );
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        ...(r.subject ? { subject: r.subject } : {}),
        body: r.body,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}

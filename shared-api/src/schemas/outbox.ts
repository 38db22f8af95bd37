import * as z from 'zod/mini';

/** Development/test only: what the service "sent". The endpoint does not exist in production. */
export const outboxQuery = z.object({
  recipient: z.optional(z.string()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.optional(z.string()),
  body: z.string(),
  createdAt: z.string(),
  /** Files the e-mail carries; each is read from the outbox-attachment endpoint by its id. */
  attachments: z.optional(
    z.array(
      z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().check(z.int()) }),
    ),
  ),
});
export const outboxAttachmentQuery = z.object({ id: z.string().check(z.regex(/^\d{1,18}$/)) });
export const DEV_OUTBOX_NOTICE =
  'Development outbox: what the service sent, for testers. Enabled by DEV_OUTBOX=1; it does not exist in production.';
export const outboxResponse = z.object({ notice: z.literal(DEV_OUTBOX_NOTICE), messages: z.array(outboxMessage) });

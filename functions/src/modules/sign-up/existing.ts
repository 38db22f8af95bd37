import { EMPTY_CLIENT_DATA, normaliseClientData } from 'shared-api';
import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { commitThenRun } from '../../platform/jobs/queue';
import { mayMessage } from '../notifications';
import { assertExistenceCheckAllowed } from './address-limits';
import { RESEND_COOLDOWN_SECONDS } from './codes';
import { registrationCodeReminder } from './messages';
import type { RegistrationRow } from './records';

/**
 * Whether an in-progress sign-up has this e-mail and phone. The same answer either way, and the
 * registration code goes by e-mail to the registration's own inbox, never to whoever typed it.
 */
export async function checkExisting(
  ctx: FunctionContext,
  ip: string | null,
  { email, phone }: { email: string; phone: string },
) {
  await assertExistenceCheckAllowed(ctx, ip);
  const normalised = normaliseClientData({ ...EMPTY_CLIENT_DATA, email, phone });
  return commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<
      RegistrationRow & { remind: boolean }
    >(sql`select *, (code_reminder_sent_at is null or code_reminder_sent_at < now() - make_interval(secs => ${RESEND_COOLDOWN_SECONDS})) as remind
       from registrations
       where lower(email) = lower(${normalised.email}) and phone = ${normalised.phone} and global_status = 'in_progress'
       order by created_at desc limit 1 for update`);
    const existing = rows[0];
    if (!existing) return { exists: false, registration_code: null };
    // The code goes to the registration's own inbox, never to whoever typed the address.
    // Drawn from the address's message budget: past it, silently nothing (the answer is the same).
    if (existing.remind && (await mayMessage(tx, ctx, 'email', existing.email))) {
      await ctx.mailer.send(
        {
          to: existing.email,
          versions: [
            registrationCodeReminder(existing.language, existing.registration_code, ctx.config.PUBLIC_SITE_URL),
          ],
        },
        tx,
      );
      await tx.query(sql`update registrations set code_reminder_sent_at = now() where id = ${existing.id}`);
    }
    return { exists: true, registration_code: null };
  });
}

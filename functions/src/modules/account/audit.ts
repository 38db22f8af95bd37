import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { RequestMeta } from '../../platform/request-meta';
import { recordAudit } from '../staff';
import type { Tenant } from './session';

/**
 * A change the tenant made from their account, in the back-office's activity log beside staff's:
 * who (`inquilino:` and the contact they signed in with), on which rental, and what changed.
 */
export async function auditTenant(
  q: Queryable,
  tenant: Tenant,
  meta: Pick<RequestMeta, 'ip'>,
  record: { action: string; registrationId: string; before?: unknown; after?: unknown },
): Promise<void> {
  const { rows } = await q.query<{ registration_code: string }>(
    sql`select registration_code from registrations where id = ${record.registrationId}`,
  );
  await recordAudit(
    q,
    { id: null, email: `inquilino:${tenant.contact.value}`, ip: meta.ip },
    {
      action: record.action,
      target: `registration:${rows[0]?.registration_code ?? record.registrationId}`,
      before: record.before,
      after: record.after,
    },
  );
}

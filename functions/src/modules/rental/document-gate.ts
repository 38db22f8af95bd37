import type { UploadType } from 'shared-api';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { suspendAccess } from '../billing';
import { rejectedDocumentProblem } from '../sign-up';
import type { MoveInContext } from './context';

/**
 * Door access just issued to a tenant with a document rejected since their signature (reviewed
 * after the company's automatic one), or its replacement not yet approved: shut until it is.
 */
export async function shutWhileDocumentRejected(tx: Queryable, ctx: MoveInContext, registrationId: string) {
  const { rows } = await tx.query<{ document_type: UploadType; reason: string | null }>(
    sql`select document_type, coalesce(rejection_reason, previous_rejection_reason) as reason
     from registration_documents
     where registration_id = ${registrationId}
       and (review_status = 'rejected' or (review_status = 'pending' and previous_rejection_reason is not null))
     order by document_type limit 1`,
  );
  const rejected = rows[0];
  if (rejected) {
    await suspendAccess(tx, ctx, registrationId, {
      by: 'documents',
      reason: rejectedDocumentProblem(rejected.document_type, rejected.reason),
    });
  }
}

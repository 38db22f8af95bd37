import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import type { RequestMeta } from '../../platform/request-meta';
import { openApplicantSession } from './applicant-session';
import { generateRecoveryCode } from './codes';
import { CLIENT_COLUMNS } from './records';

const FROM_NOT_FOUND = 'Registration not found';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A tenant rents again: a new registration with the client data of one they already have, its
 * e-mail and phone taken as verified (the tenant is signed in with one of them, and both were
 * proved when they first rented) and its documents copied as they were reviewed, so the sign-up
 * opens at the services step. The browser gets the new registration's session.
 */
export async function startRegistrationFrom(
  ctx: FunctionContext,
  meta: RequestMeta,
  fromRegistrationId: string,
): Promise<{ registrationId: string }> {
  const registrationId = randomUUID();
  // The bank document proves the account it showed: after the account changed, it is asked for again.
  const { rows: amended } = await ctx.db.query(sql`select 1 from sepa_mandates
     where registration_id = ${fromRegistrationId} and amended_at is not null limit 1`);
  const { rows: documents } = await ctx.db.query<{
    document_type: string;
    file_path: string;
    content_type: string;
    review_status: string;
    reviewed_at: Date | string | null;
    reviewed_by: string | null;
  }>(sql`select document_type, file_path, content_type, review_status, reviewed_at, reviewed_by
     from registration_documents where registration_id = ${fromRegistrationId} and review_status <> 'rejected'
       ${amended.length ? sql`and document_type <> 'bankDocument'` : sql``}`);
  // The files first (outside the transaction, as an upload does): a row never claims a missing file.
  try {
    const copied: {
      type: string;
      path: string;
      contentType: string;
      size: number;
      review: (typeof documents)[number];
    }[] = [];
    for (const document of documents) {
      const file = await ctx.documents.open(document.file_path);
      if (!file) continue;
      const bytes = await bytesOf(file.stream);
      const extension = document.file_path.slice(document.file_path.lastIndexOf('.'));
      const path = `${registrationId}/${registrationId}_${document.document_type}${extension}`;
      await ctx.documents.put(path, bytes);
      copied.push({
        type: document.document_type,
        path,
        contentType: document.content_type,
        size: bytes.length,
        review: document,
      });
    }
    return await commitThenRun(ctx, async (tx) => {
      const { rows } = await tx.query<{ language: string }>(
        sql`select language from registrations where id = ${fromRegistrationId}`,
      );
      if (!rows[0]) throw new HttpError(404, FROM_NOT_FOUND);
      const sections = { clientData: true, verification: true, documents: copied.length === 3 };
      let code = '';
      for (let attempt = 0; attempt < 10 && !code; attempt++) {
        const candidate = generateRecoveryCode();
        const { rows: inserted } = await tx.query<{ id: string }>(sql`insert into registrations (id, registration_code,
             language, ${sql.columns(CLIENT_COLUMNS)}, email_verified, phone_verified, metadata)
           select ${registrationId}, ${candidate}, language, ${sql.columns(CLIENT_COLUMNS)}, true, true,
             ${JSON.stringify({ completedSections: sections })}::jsonb
           from registrations where id = ${fromRegistrationId}
           on conflict (registration_code) do nothing returning id::text`);
        if (inserted.length) code = candidate;
      }
      if (!code) throw new Error('Could not draw a unique registration code');
      for (const document of copied) {
        await tx.query(sql`insert into registration_documents (registration_id, document_type, file_path, content_type,
             size_bytes, review_status, reviewed_at, reviewed_by)
           values (${registrationId}, ${document.type}, ${document.path}, ${document.contentType}, ${document.size},
             ${document.review.review_status}, ${document.review.reviewed_at}, ${document.review.reviewed_by})`);
      }
      await openApplicantSession(tx, meta, registrationId);
      return { registrationId };
    });
  } catch (error) {
    // No row claims the copies: they go, rather than stay in a folder nothing points to.
    await ctx.documents.removeRegistration(registrationId).catch(() => undefined);
    throw error;
  }
}

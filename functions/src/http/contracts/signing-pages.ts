import { sameName } from 'shared-api';
import { z } from 'zod';
import { hashSigningToken } from '../../adapters/esign';
import { settleContract } from '../../modules/contracts';
import type { Queryable } from '../../platform/db';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { escapeHtml, page } from '../../platform/pages/html';
import { type FunctionDefinition, parseOr400 } from '../router';

interface SignerRow extends Record<string, unknown> {
  id: string;
  contract_id: string;
  role: 'Cliente' | 'Empresa';
  email: string;
  status: string;
  signed_name: string | null;
  contract_status: string;
  document: string;
  registered_name: string;
}

async function signerByToken(q: Queryable, token: string, forUpdate = false): Promise<SignerRow | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } = await q.query<SignerRow>(
    `select s.id::text, s.contract_id::text, s.role, s.email, s.status, s.signed_name,
       c.status as contract_status, c.document, r.full_name as registered_name
     from contract_submitters s join contracts c on c.id = s.contract_id
     join registrations r on r.id = c.registration_id
     where s.token_hash = $1${forUpdate ? ' for update of s' : ''}`,
    [hashSigningToken(token)],
  );
  return rows[0] ?? null;
}

const ROLE_NAMES = { Cliente: 'Cliente / Client', Empresa: 'Empresa / Company' };

function signingPage(signer: SignerRow, token: string, error?: string): string {
  return page(
    'Firma del contrato / Contract signature',
    `<h1>Firma del contrato <span class="muted">/ Contract signature</span></h1>
<p class="muted">Firmas como / You sign as: <strong>${ROLE_NAMES[signer.role]}</strong> · ${escapeHtml(signer.email)}</p>
<div class="card"><pre class="document">${escapeHtml(signer.document)}</pre></div>
<div class="card">
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/functions/v1/esign-submit">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <label for="name">Nombre completo / Full name</label>
    <input id="name" name="name" autocomplete="name" required maxlength="120">
    <label class="check"><input type="checkbox" name="consent" value="yes" required>
      <span>He leído el contrato y lo firmo electrónicamente. / I have read the contract and sign it electronically.</span></label>
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="sign">Firmar / Sign</button>
      <button class="danger" type="submit" name="decision" value="decline" formnovalidate>Rechazar / Decline</button>
    </div>
  </form>
</div>`,
  );
}

function donePage(signer: SignerRow): string {
  const signed = signer.status === 'completed';
  const declined = signer.status === 'declined';
  const [es, en] = signed
    ? ['Contrato firmado', 'Contract signed']
    : declined
      ? ['Contrato rechazado', 'Contract declined']
      : ['Este contrato ya no admite firmas', 'This contract can no longer be signed'];
  return page(
    `${es} / ${en}`,
    `<h1 class="${signed ? 'ok' : ''}">${es} <span class="muted">/ ${en}</span></h1>
<div class="card"><p>${signed ? `Firmado por / Signed by: <strong>${escapeHtml(signer.signed_name ?? '')}</strong>. ` : ''}Puedes cerrar esta ventana. / You can close this window.</p></div>`,
  );
}

const pending = (signer: SignerRow) =>
  signer.contract_status === 'awaiting_signatures' && !['completed', 'declined'].includes(signer.status);

/** GET esign?token=… — the local signing page of one signer (opening it marks it opened). */
export const signingPageFunction: FunctionDefinition = {
  name: 'esign',
  method: 'GET',
  async handle(req, ctx, res) {
    const { token } = parseOr400(z.object({ token: z.string() }), req.query);
    const signer = await signerByToken(ctx.db, token);
    if (!signer) throw new HttpError(404, 'Signing link not found or no longer valid');
    if (pending(signer) && signer.status !== 'opened') {
      await ctx.db.query(`update contract_submitters set status = 'opened', opened_at = now() where id = $1`, [
        signer.id,
      ]);
    }
    res
      .type('html')
      .set('cache-control', 'no-store')
      .send(pending(signer) ? signingPage(signer, token) : donePage(signer));
  },
};

const submission = z.object({
  token: z.string(),
  decision: z.enum(['sign', 'decline']),
  name: z.string().optional().default(''),
  consent: z.string().optional(),
});

/** POST esign-submit — signs (typed name and consent) or declines; both signed completes the contract. */
export const signingSubmitFunction: FunctionDefinition = {
  name: 'esign-submit',
  body: 'form',
  method: 'POST',
  async handle(req, ctx, res) {
    const form = parseOr400(submission, req.body);
    const html = await commitThenRun(ctx, async (tx) => {
      const signer = await signerByToken(tx, form.token, true);
      if (!signer) throw new HttpError(404, 'Signing link not found or no longer valid');
      if (!pending(signer)) return donePage(signer);
      if (form.decision === 'sign') {
        const name = form.name.trim();
        if (name.length < 3)
          return signingPage(signer, form.token, 'Escribe tu nombre completo. / Type your full name.');
        // The client's signature is the registered person's: the typed name must be theirs.
        if (signer.role === 'Cliente' && !sameName(name, signer.registered_name)) {
          return signingPage(
            signer,
            form.token,
            `Escribe tu nombre como figura en el alta: ${signer.registered_name}. / Type your name as registered: ${signer.registered_name}.`,
          );
        }
        if (form.consent !== 'yes') {
          return signingPage(signer, form.token, 'Marca la casilla de consentimiento. / Tick the consent box.');
        }
        await tx.query(
          `update contract_submitters set status = 'completed', signed_name = $2, signed_at = now(), signed_ip = $3
           where id = $1`,
          [signer.id, name.slice(0, 120), req.ip ?? null],
        );
      } else {
        await tx.query(`update contract_submitters set status = 'declined', declined_at = now() where id = $1`, [
          signer.id,
        ]);
      }
      await settleContract(tx, ctx, signer.contract_id);
      return donePage((await signerByToken(tx, form.token)) as SignerRow);
    });
    res.type('html').set('cache-control', 'no-store').send(html);
  },
};

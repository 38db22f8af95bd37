import { z } from 'zod';
import { awaitingSigner, decideSigning, openSigning, type Signer, type SigningProblem } from '../../modules/contracts';
import { escapeHtml, page } from '../../platform/pages/html';
import { type FunctionDefinition, parseOr400 } from '../router';

/** What the form asks again for, in both languages (the page is for anyone holding the link). */
const PROBLEMS: Record<SigningProblem, (signer: Signer) => string> = {
  name_missing: () => 'Escribe tu nombre completo. / Type your full name.',
  name_not_registered: (signer) =>
    `Escribe tu nombre como figura en el alta: ${signer.registered_name}. / Type your name as registered: ${signer.registered_name}.`,
  consent_missing: () => 'Marca la casilla de consentimiento. / Tick the consent box.',
};

const ROLE_NAMES = { Cliente: 'Cliente / Client', Empresa: 'Empresa / Company' };

/** What the page names, in both languages: the rental contract, or a direct-debit mandate alone. */
const WORDS = {
  rental: {
    title: ['Firma del contrato', 'Contract signature'],
    consent: 'He leído el contrato y lo firmo electrónicamente. / I have read the contract and sign it electronically.',
    signed: ['Contrato firmado', 'Contract signed'],
    declined: ['Contrato rechazado', 'Contract declined'],
    closed: ['Este contrato ya no admite firmas', 'This contract can no longer be signed'],
  },
  mandate: {
    title: ['Firma de la orden de domiciliación SEPA', 'SEPA direct debit mandate signature'],
    consent:
      'He leído la orden de domiciliación y la firmo electrónicamente. / I have read the mandate and sign it electronically.',
    signed: ['Orden de domiciliación firmada', 'Mandate signed'],
    declined: ['Orden de domiciliación rechazada: no cambia nada', 'Mandate declined: nothing changes'],
    closed: ['Esta orden ya no admite firmas', 'This mandate can no longer be signed'],
  },
} as const;

function signingPage(signer: Signer, token: string, error?: string): string {
  const words = WORDS[signer.kind];
  return page(
    `${words.title[0]} / ${words.title[1]}`,
    `<h1>${words.title[0]} <span class="muted">/ ${words.title[1]}</span></h1>
<p class="muted">Firmas como / You sign as: <strong>${ROLE_NAMES[signer.role]}</strong> · ${escapeHtml(signer.email)}</p>
<div class="card"><pre class="document">${escapeHtml(signer.document)}</pre></div>
<div class="card">
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/functions/v1/esign-submit">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <label for="name">Nombre completo / Full name</label>
    <input id="name" name="name" autocomplete="name" required maxlength="120">
    <label class="check"><input type="checkbox" name="consent" value="yes" required>
      <span>${words.consent}</span></label>
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="sign">Firmar / Sign</button>
      <button class="danger" type="submit" name="decision" value="decline" formnovalidate>Rechazar / Decline</button>
    </div>
  </form>
</div>`,
  );
}

function donePage(signer: Signer): string {
  // A mandate's signature counts once the mandate took over (not one dropped as it was signed).
  const signed = signer.status === 'completed' && (signer.kind === 'rental' || signer.contract_status === 'completed');
  const declined = signer.status === 'declined' && !signed;
  const words = WORDS[signer.kind];
  const [es, en] = signed ? words.signed : declined ? words.declined : words.closed;
  return page(
    `${es} / ${en}`,
    `<h1 class="${signed ? 'ok' : ''}">${es} <span class="muted">/ ${en}</span></h1>
<div class="card"><p>${signed ? `Firmado por / Signed by: <strong>${escapeHtml(signer.signed_name ?? '')}</strong>. ` : ''}Puedes cerrar esta ventana. / You can close this window.</p></div>`,
  );
}

/** GET esign?token=… — the local signing page of one signer (opening it marks it opened). */
export const signingPageFunction: FunctionDefinition = {
  name: 'esign',
  method: 'GET',
  async handle(req, ctx, res) {
    const { token } = parseOr400(z.object({ token: z.string() }), req.query);
    const signer = await openSigning(ctx, token);
    res
      .type('html')
      .set('cache-control', 'no-store')
      .send(awaitingSigner(signer, ctx.clock.now()) ? signingPage(signer, token) : donePage(signer));
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
    const { signer, problem } = await decideSigning(
      ctx,
      form.token,
      form.decision === 'sign'
        ? { decision: 'sign', name: form.name, consent: form.consent === 'yes' }
        : { decision: 'decline' },
      req.ip ?? null,
    );
    const html = problem ? signingPage(signer, form.token, PROBLEMS[problem](signer)) : donePage(signer);
    res.type('html').set('cache-control', 'no-store').send(html);
  },
};

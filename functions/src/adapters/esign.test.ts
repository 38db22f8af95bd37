import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docusealESign, hashSigningToken, localESign, verifySharedSecret } from './esign';

const request = {
  contractId: 'c-1',
  kind: 'rental' as const,
  title: 'Contrato',
  document: 'text',
  signers: [
    { role: 'Cliente' as const, email: 'ana@example.com' },
    { role: 'Empresa' as const, email: 'reservas@x.es' },
  ],
};

describe('local e-signature', () => {
  it('gives each signer a link whose secret is stored only hashed', async () => {
    const submission = await localESign('http://localhost:8080').createSubmission(request);
    expect(submission.signers).toHaveLength(2);
    for (const signer of submission.signers) {
      const link = new URL(signer.link ?? '');
      expect(link.origin + link.pathname).toBe('http://localhost:8080/functions/v1/esign');
      const token = link.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(43);
      expect(signer.tokenHash).toBe(hashSigningToken(token));
    }
    expect(submission.signers[0]?.tokenHash).not.toBe(submission.signers[1]?.tokenHash);
  });
});

describe('e-signature provider adapter', () => {
  let base = '';
  let seen: { token?: string; body?: Record<string, unknown>; method?: string; url?: string } = {};
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      seen = {
        token: String(req.headers['x-auth-token']),
        body: raw ? JSON.parse(raw) : undefined,
        method: req.method ?? '',
        url: req.url ?? '',
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          { id: 11, submission_id: 5, role: 'Cliente', email: 'ana@example.com' },
          { id: 12, submission_id: 5, role: 'Empresa', email: 'reservas@x.es' },
        ]),
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('creates a submission from the template and keeps the provider ids of the signers', async () => {
    const esign = docusealESign({ apiUrl: base, apiKey: 'key', templateId: '3' });
    const submission = await esign.createSubmission(request);
    expect(seen.token).toBe('key');
    expect(seen.body).toMatchObject({ template_id: 3, submitters: [{ role: 'Cliente' }, { role: 'Empresa' }] });
    expect(submission).toMatchObject({
      providerSubmissionId: '5',
      signers: [
        { role: 'Cliente', providerSubmitterId: '11', link: null },
        { role: 'Empresa', providerSubmitterId: '12', link: null },
      ],
    });
  });

  it('sends a mandate alone on its own template, and refuses one without it', async () => {
    const mandate = {
      ...request,
      kind: 'mandate' as const,
      signers: [request.signers[0] as (typeof request.signers)[0]],
      values: { IBAN: 'ES7620770024003102575766' },
    };
    const provider = docusealESign({ apiUrl: base, apiKey: 'key', templateId: '3', mandateTemplateId: '4' });
    await provider.createSubmission(mandate);
    // The template's fields carry the mandate's own data, read-only.
    expect(seen.body).toMatchObject({
      template_id: 4,
      submitters: [
        { role: 'Cliente', values: { IBAN: 'ES7620770024003102575766' }, fields: [{ name: 'IBAN', readonly: true }] },
      ],
    });
    await provider.archiveSubmission('5');
    expect(seen).toMatchObject({ method: 'DELETE', url: '/submissions/5', token: 'key' });
    await expect(
      docusealESign({ apiUrl: base, apiKey: 'key', templateId: '3' }).createSubmission(mandate),
    ).rejects.toThrow(/DOCUSEAL_MANDATE_TEMPLATE_ID/);
  });

  it('compares the webhook secret exactly', () => {
    expect(verifySharedSecret('s3cret', 's3cret')).toBe(true);
    expect(verifySharedSecret('s3cret', 's3cre')).toBe(false);
    expect(verifySharedSecret('s3cret', undefined)).toBe(false);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMockHandlers, multipartParts } from 'shared-api/msw';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import App from '../App';
import { useDraft } from '../session/store';
import { applicantRecord, verifiedDraft } from '../session/testing';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
/** What reached the server: each upload's document type, each saved draft's sections. */
const uploads: string[] = [];
const saved: unknown[] = [];
const server = setupServer(
  ...createMockHandlers({
    responders: {
      'registration-handler:get_registration_code': () => ({ registrationCode: 'ABC234' }),
      'registration-handler:update_registration': (request) => {
        saved.push(request.metadata);
        return { success: true };
      },
    },
  }),
);
server.events.on('request:start', async ({ request }) => {
  if (!request.url.endsWith('/upload-document')) return;
  const form = await multipartParts(request.clone());
  uploads.push(String(form.fields.documentType));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  uploads.length = 0;
  saved.length = 0;
  useToasts.setState({ toasts: [] });
  useDraft.getState().replace(
    verifiedDraft(registrationId, {
      completedSections: { clientData: true, verification: true, documents: false, serviceDetails: false },
    }),
  );
});
afterEach(() => server.resetHandlers());

const pdf = (name: string, bytes = 2_000) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

async function openDocuments() {
  const user = userEvent.setup({ applyAccept: false });
  await renderRemote(App, `/es/alta/documentos?proceso=${registrationId}`, 'es');
  await screen.findByRole('button', { name: 'Guardar documentos' });
  return user;
}

describe('the documents step', () => {
  it('refuses a file of another kind at once, in the field and in a toast, and keeps nothing', async () => {
    const user = await openDocuments();
    const front = screen.getByLabelText(/delantera/);
    await user.upload(front, new File(['MZ'], 'programa.exe', { type: 'application/octet-stream' }));
    expect(front).toHaveAttribute('aria-invalid', 'true');
    expect((front as HTMLInputElement).value).toBe('');
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ variant: 'destructive' });
    expect(uploads).toEqual([]);
  });

  it('names each missing document when saving without all three, and uploads nothing', async () => {
    const user = await openDocuments();
    await user.upload(screen.getByLabelText(/delantera/), pdf('dni-delantera.pdf'));
    await user.click(screen.getByRole('button', { name: 'Guardar documentos' }));
    expect(screen.getByLabelText(/trasera/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/delantera/)).not.toHaveAttribute('aria-invalid');
    expect(uploads).toEqual([]);
  });

  it('uploads the three, keeps their paths in the draft and moves on by itself', async () => {
    const user = await openDocuments();
    for (const [label, name] of [
      [/delantera/, 'anverso.pdf'],
      [/trasera/, 'reverso.JPG'],
      [/Documento bancario/, 'banco.pdf'],
    ] as const) {
      await user.upload(screen.getByLabelText(label), pdf(name));
    }
    await user.click(screen.getByRole('button', { name: 'Guardar documentos' }));
    await waitFor(() => expect(Object.keys(useDraft.getState().draft.documents)).toHaveLength(3));
    expect(new Set(uploads)).toEqual(new Set(['frontId', 'backId', 'bankDocument']));
    // The stored path the server answered (a test DOM may drop the file's name on the way: no extension check).
    expect(useDraft.getState().draft.documents.backId).toMatch(`${registrationId}/${registrationId}_backId.`);
    // Half a second later the step completes and the draft is saved with the section done.
    await waitFor(() =>
      expect(saved).toContainEqual(
        expect.objectContaining({ completedSections: expect.objectContaining({ documents: true }) }),
      ),
    );
  });

  it.each([
    {
      case: 'as the wrong kind',
      refused: 'backId',
      status: 415,
      error: 'Unsupported file type',
      field: /trasera/,
      message: /^Sube archivos en formato PDF, JPG o PNG\.$/,
    },
    {
      // The documents disk full or read-only: not the person's file.
      case: 'for want of room (503)',
      refused: 'bankDocument',
      status: 503,
      error: 'Documents cannot be stored right now: try again later',
      field: /Documento bancario/,
      message: /^Ahora mismo no podemos guardar documentos\. No es tu archivo/,
    },
  ] as const)('says which upload the server refused $case, and keeps the others', async (refusal) => {
    server.use(
      http.post('*/functions/v1/upload-document', async ({ request }) => {
        const form = await multipartParts(request);
        if (form.fields.documentType === refusal.refused) {
          return HttpResponse.json({ error: refusal.error }, { status: refusal.status });
        }
        const type = String(form.fields.documentType);
        return HttpResponse.json({ filePath: `${registrationId}/${registrationId}_${type}.pdf` });
      }),
    );
    const user = await openDocuments();
    await user.upload(screen.getByLabelText(/delantera/), pdf('anverso.pdf'));
    await user.upload(screen.getByLabelText(/trasera/), pdf('reverso.pdf'));
    await user.upload(screen.getByLabelText(/Documento bancario/), pdf('banco.pdf'));
    await user.click(screen.getByRole('button', { name: 'Guardar documentos' }));
    await waitFor(() => expect(screen.getByLabelText(refusal.field)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(refusal.message).length).toBeGreaterThan(0);
    const { documents } = useDraft.getState().draft;
    for (const type of ['frontId', 'backId', 'bankDocument'] as const) {
      if (type === refusal.refused) expect(documents[type]).toBeFalsy();
      else expect(documents[type]).toBe(`${registrationId}/${registrationId}_${type}.pdf`);
    }
    expect(saved).toEqual([]);
  });

  it('reopens a slot staff rejected, with their reason, and moves on once it is uploaded again', async () => {
    // The device still holds the draft from before the rejection: all three in, the section done.
    useDraft.getState().replace(
      verifiedDraft(registrationId, {
        documents: {
          frontId: `${registrationId}/${registrationId}_frontId.pdf`,
          backId: `${registrationId}/${registrationId}_backId.pdf`,
          bankDocument: `${registrationId}/${registrationId}_bankDocument.pdf`,
        },
        completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
      }),
    );
    const serverDocument = (type: string, review: 'approved' | 'rejected', reason: string | null = null) => ({
      registration_id: registrationId,
      document_type: type,
      file_path: `${registrationId}/${registrationId}_${type}.pdf`,
      review_status: review,
      rejection_reason: reason,
    });
    server.use(
      ...createMockHandlers({
        responders: {
          'registration-handler:get_registration_code': () => ({ registrationCode: 'ABC234' }),
          'registration-handler:update_registration': (request) => {
            saved.push(request.metadata);
            return { success: true };
          },
          'registration-handler:get_registration_with_documents': () => ({
            registration: applicantRecord(registrationId),
            documents: [
              serverDocument('backId', 'approved'),
              serverDocument('bankDocument', 'approved'),
              serverDocument('frontId', 'rejected', 'La foto está borrosa'),
            ],
          }),
        },
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    await renderRemote(App, `/es/alta/documentos?proceso=${registrationId}`, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('necesitamos que vuelvas a subir');
    expect(screen.getByTestId('document-frontId')).toHaveTextContent(
      'Rechazado por nuestro equipo: La foto está borrosa. Sube uno nuevo.',
    );
    expect(screen.getByTestId('document-backId')).toHaveTextContent('✓ Recibido');
    expect(useDraft.getState().draft.completedSections.documents).toBe(false);

    await user.upload(screen.getByLabelText(/delantera/), pdf('anverso-nitido.pdf'));
    await user.click(screen.getByRole('button', { name: 'Guardar documentos' }));
    await waitFor(() =>
      expect(saved).toContainEqual(
        expect.objectContaining({ completedSections: expect.objectContaining({ documents: true }) }),
      ),
    );
    expect(uploads).toEqual(['frontId']);
  });
});

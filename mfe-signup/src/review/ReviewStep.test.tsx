import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Contract, MoveIn, Payment, Submitter } from 'shared-api';
import { createMockHandlers, type MockResponder } from 'shared-api/msw';
import { STORED_TEST_APPLICANT } from 'shared-api/testing';
import { renderRemote } from 'shared-ui/testing';
import { useToasts } from 'shared-ui/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { useDraft } from '../session/store';
import { verifiedDraft } from '../session/testing';
import { CONTRACT_SUBSCRIPTION_DELAY_MS } from './realtime';
import { formatClock } from './rules';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';
const CHECKOUT = 'http://localhost/pago/sandbox/pay-1';
const at = '2026-11-23T10:00:00.000Z';

/** The functions as a small server with state: the payment, the contract and its signers. */
const state = {
  payment: null as Payment | null,
  contract: null as Contract | null,
  submitters: [] as Submitter[],
  globalStatus: 'in_progress' as 'in_progress' | 'completed',
  moveIn: null as MoveIn | null,
  calls: [] as { name: string; request: Record<string, unknown> }[],
};
const payment = (status: Payment['status']): Payment => ({
  id: 'pay-1',
  registration_id: registrationId,
  amount: 45,
  currency: 'EUR',
  status,
  created_at: at,
  updated_at: at,
  completed_at: status === 'completed' ? at : null,
  failed_at: null,
  checkout_url: status === 'completed' ? null : CHECKOUT,
});
const contract = (status: Contract['status']): Contract => ({
  id: 'contract-1',
  status,
  created_at: at,
  completed_at: status === 'completed' ? at : null,
  expired_at: null,
  registration_id: registrationId,
});
const signers = (client: Submitter['status'], company: Submitter['status']): Submitter[] => [
  { id: 's-1', role: 'Cliente', status: client, email: STORED_TEST_APPLICANT.email },
  { id: 's-2', role: 'Empresa', status: company, email: 'firmas@trasteros-demo.example' },
];

const functions: Record<string, MockResponder> = {
  'registration-handler:get_registration_code': () => ({ registrationCode: 'ABC234' }),
  'get-registration-global-status': () => ({ globalStatus: state.globalStatus, moveIn: state.moveIn }),
  'get-payment-status': () => ({ payment: state.payment }),
  'get-contract-status': () => ({ contract: state.contract, submitters: state.submitters }),
  'create-client': () => ({ success: true, clientId: 'CLI-0042' }),
  'create-revolut-payment': () => {
    state.payment = payment('processing');
    return { paymentId: 'pay-1', checkoutUrl: CHECKOUT, payment: state.payment };
  },
  'cancel-payment': () => {
    if (state.payment?.status === 'processing' || state.payment?.status === 'pending') {
      state.payment = { ...state.payment, status: 'cancelled', ended_reason: 'cancelled', checkout_url: null };
    }
    return { payment: state.payment };
  },
  'create-contract': () => {
    state.contract = contract('awaiting_signatures');
    state.submitters = signers('sent', 'awaiting');
    return { success: true };
  },
};
const answers: Record<string, MockResponder> = {};
const server = setupServer(
  ...createMockHandlers({
    responders: Object.fromEntries(
      Object.keys(functions).map((name) => [
        name,
        (request: Record<string, unknown>) => {
          state.calls.push({ name, request });
          return (answers[name] ?? functions[name])?.(request);
        },
      ]),
    ),
  }),
);

/** The part of EventSource the review uses: the test says when a table changed. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = 2;
  }
  emit(table: string) {
    this.onmessage?.({ data: JSON.stringify({ table, type: 'UPDATE', registrationId, record: {} }) });
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useToasts.setState({ toasts: [] });
  Object.assign(state, {
    payment: null,
    contract: null,
    submitters: [],
    globalStatus: 'in_progress',
    moveIn: null,
    calls: [],
  });
  for (const name of Object.keys(answers)) delete answers[name];
  vi.stubGlobal('EventSource', FakeEventSource);
  useDraft.getState().replace(
    verifiedDraft(registrationId, {
      documents: { frontId: 'a.pdf', backId: 'b.pdf', bankDocument: 'c.pdf' },
      serviceDetails: {
        productId: '204',
        productName: 'Trastero 3 m²',
        period: 'monthly',
        setupFee: 45,
        recurringFee: 39,
      },
      completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});

const calls = (name: string) => state.calls.filter((call) => call.name === name);
const lastToast = () => useToasts.getState().toasts.at(-1);
const processStep = (name: RegExp) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

async function openReview(prepare?: () => void) {
  prepare?.();
  const user = userEvent.setup();
  const view = await renderRemote(App, `/es/alta/revision?proceso=${registrationId}`, 'es');
  await screen.findByRole('heading', { name: 'Resumen de la solicitud' });
  await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent(/./));
  return { user, view };
}

describe('the review step', () => {
  it('summarises the application and, with no client yet, Finish says why instead of finishing', async () => {
    const { user } = await openReview();
    expect(screen.getByText(STORED_TEST_APPLICANT.fullName)).toBeInTheDocument();
    expect(screen.getByText('Trastero 3 m²')).toBeInTheDocument();
    expect(await screen.findByText('ABC234')).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('No hay información de pago disponible');
    expect(within(processStep(/Pago de la fianza/)).getByText('Disponible cuando el cliente esté creado.'));

    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(lastToast()).toMatchObject({ title: 'Crea primero el cliente', variant: 'destructive' });
    expect(useDraft.getState().draft.registrationId).toBe(registrationId);
  });

  it('creates the client once, keeps its id in the draft and opens the deposit payment', async () => {
    const { user } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('✓ Cliente creado: CLI-0042')).toBeInTheDocument();
    expect(calls('create-client')).toEqual([{ name: 'create-client', request: { registrationId } }]);
    expect(useDraft.getState().draft.clientId).toBe('CLI-0042');
    expect(screen.getByRole('button', { name: /Pagar la fianza \(45,00\s€\)/ })).toBeEnabled();
  });

  it('shows the server’s reason when the client is refused, and the button can be tried again', async () => {
    answers['create-client'] = () =>
      HttpResponse.json({ error: 'Los documentos aún no se han revisado' }, { status: 409 });
    const { user } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error al crear el cliente',
        description: 'Los documentos aún no se han revisado',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Crear' })).toBeEnabled();
    expect(useDraft.getState().draft.clientId).toBeNull();
  });

  it('opens the checkout in a tab taken inside the click, then waits for the payment', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { user } = await openReview(() => useDraft.getState().update({ clientId: 'CLI-0042' }));
    await user.click(screen.getByRole('button', { name: /Pagar la fianza/ }));

    await waitFor(() => expect(tab.location.href).toBe(CHECKOUT));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    // The server sets the amount from its own deposit figure; the browser's is only checked.
    expect(calls('create-revolut-payment')[0]?.request).toMatchObject({ registrationId, amount: 45, currency: 'EUR' });
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('En proceso'));
    expect(screen.getByRole('link', { name: 'Abrir de nuevo la ventana de pago' })).toHaveAttribute('href', CHECKOUT);
  });

  it('closes the tab it opened when the payment cannot start, and says why', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    answers['create-revolut-payment'] = () =>
      HttpResponse.json({ error: 'Payment service temporarily unavailable' }, { status: 503 });
    const { user } = await openReview(() => useDraft.getState().update({ clientId: 'CLI-0042' }));
    await user.click(screen.getByRole('button', { name: /Pagar la fianza/ }));

    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    expect(lastToast()).toMatchObject({
      title: 'Error en el pago',
      description: 'El servicio de pago no está disponible temporalmente',
    });
    expect(screen.getByRole('button', { name: /Pagar la fianza/ })).toBeEnabled();
  });

  it('says until when a payment in flight may wait, and lets the applicant give it up and pay again', async () => {
    const { user } = await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042' });
      state.payment = { ...payment('processing'), expires_at: '2026-11-23T10:30:00.000Z' };
    });
    const step = processStep(/^2\. Pago de la fianza/);
    expect(await within(step).findByTestId('payment-deadline')).toHaveTextContent(
      new RegExp(
        `antes de las ${formatClock('2026-11-23T10:30:00.000Z', 'es').replace(/\s/g, '\\s')}, lo cancelaremos`,
      ),
    );
    expect(within(step).queryByRole('button', { name: /Pagar la fianza|Intentar/ })).toBeNull();
    await user.click(within(step).getByRole('button', { name: 'Cancelar este pago y usar otra tarjeta' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent('Pago cancelado: no se te ha cobrado nada.');
    expect(within(step).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
    expect(calls('cancel-payment')).toHaveLength(1);
  });

  it.each([
    ['expired', 'El pago no se confirmó a tiempo y lo hemos cancelado: no se te ha cobrado nada.'],
    ['declined', 'El banco ha rechazado la tarjeta.'],
  ] as const)('says why a payment ended (%s) and offers to pay again', async (reason, text) => {
    await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042' });
      state.payment = {
        ...payment(reason === 'declined' ? 'failed' : 'cancelled'),
        ended_reason: reason,
      };
    });
    const step = processStep(/^2\. Pago de la fianza/);
    expect(await within(step).findByRole('alert')).toHaveTextContent(text);
    expect(within(step).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
  });

  it('when the unit sold out a moment before paying, charges nothing and offers another unit or the waiting list', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    answers['create-revolut-payment'] = () =>
      HttpResponse.json({ error: 'Product out of stock', code: 'product_out_of_stock' }, { status: 409 });
    const { user } = await openReview(() => useDraft.getState().update({ clientId: 'CLI-0042' }));
    await user.click(screen.getByRole('button', { name: /Pagar la fianza/ }));
    const notice = await screen.findByTestId('payment-sold-out');
    expect(tab.close).toHaveBeenCalled();
    expect(notice).toHaveTextContent('no se te ha cobrado nada');
    expect(within(notice).getByRole('link', { name: 'Elegir otro trastero' })).toHaveAttribute(
      'href',
      `/es/alta/servicios?proceso=${registrationId}`,
    );
    expect(within(notice).getByRole('link', { name: 'Apuntarme a la lista de espera' })).toHaveAttribute(
      'href',
      `/es/calculadora?listaEspera=si&producto=204&proceso=${registrationId}`,
    );
    expect(screen.queryByRole('button', { name: /Pagar la fianza/ })).toBeNull();
  });

  it('creates the contract once the deposit is paid and shows whose signature is awaited', async () => {
    const { user } = await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042' });
      state.payment = payment('completed');
    });
    // "No payment information" shows until the payment's status arrives.
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Completado'));
    await user.click(screen.getByRole('button', { name: 'Crear contrato' }));

    expect(await screen.findByText(/Hemos enviado el contrato para su firma electrónica/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('contract-status')).toHaveTextContent('Pendiente de la firma del cliente'),
    );
    expect(calls('create-contract')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Crear contrato' })).not.toBeInTheDocument();
    expect(screen.getByTestId('signer-Empresa')).toHaveTextContent('Pendiente');
  });

  it('follows the signatures live and, once both have signed, Finish clears the draft and goes home', async () => {
    const { user, view } = await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042' });
      state.payment = payment('completed');
      state.contract = contract('awaiting_signatures');
      state.submitters = signers('completed', 'awaiting');
    });
    await waitFor(() =>
      expect(screen.getByTestId('contract-status')).toHaveTextContent('Pendiente de la firma de la empresa'),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(lastToast()).toMatchObject({ title: 'Contrato no completado' });

    // The company signs elsewhere (the e-mailed link): the stream says the contract and the
    // registration changed, and the tenant's unit is shown.
    state.contract = contract('completed');
    state.submitters = signers('completed', 'completed');
    state.globalStatus = 'completed';
    state.moveIn = { status: 'allocated', unitNumbers: ['B-012'], doorAccess: true };
    await new Promise((resolve) => setTimeout(resolve, CONTRACT_SUBSCRIPTION_DELAY_MS + 50));
    act(() => {
      FakeEventSource.last?.emit('contracts');
      FakeEventSource.last?.emit('registrations');
    });
    await waitFor(() => expect(screen.getByTestId('contract-status')).toHaveTextContent('Firmado por ambas partes'));
    expect(await screen.findByTestId('move-in-status')).toHaveTextContent('B-012');
    // Before Finish: the unit, how to get in, and the signed contract to keep.
    const completion = await screen.findByTestId('completion');
    expect(within(completion).getByTestId('completion-units')).toHaveTextContent('B-012');
    expect(completion).toHaveTextContent(`Te hemos enviado por SMS al ${STORED_TEST_APPLICANT.phone} tu PIN`);
    expect(completion).toHaveTextContent('marca tu PIN en el teclado y pulsa ENTRADA');
    expect(within(completion).getByRole('link', { name: 'Abrir la herramienta de la puerta' })).toHaveAttribute(
      'href',
      '/abridor',
    );
    expect(within(completion).getByRole('link', { name: 'Descargar el contrato firmado (PDF)' })).toHaveAttribute(
      'href',
      `/functions/v1/signed-contract?registrationId=${registrationId}`,
    );

    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(lastToast()).toMatchObject({
      title: 'Alta completada',
      variant: 'success',
      description: expect.stringContaining('El contrato y tu acceso están en tu correo.'),
    });
    expect(useDraft.getState().draft.registrationId).toBeNull();
    await waitFor(() => expect(view.location()).toBe('/es'));
  });

  it('says the unit is being assigned when someone took the last one at the same moment', async () => {
    await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042', globalStatus: 'completed' });
      state.payment = payment('completed');
      state.contract = contract('completed');
      state.submitters = signers('completed', 'completed');
      state.globalStatus = 'completed';
      state.moveIn = { status: 'awaiting_unit', unitNumbers: [] };
    });
    expect(await screen.findByTestId('move-in-status')).toHaveTextContent(
      'Estamos asignando tu trastero; te contactaremos.',
    );
    const completion = screen.getByTestId('completion');
    expect(completion).toHaveTextContent('te devolveremos la fianza');
    expect(within(completion).queryByRole('link', { name: 'Abrir la herramienta de la puerta' })).toBeNull();
    expect(within(completion).getByRole('link', { name: 'Descargar el contrato firmado (PDF)' })).toBeInTheDocument();
  });

  it('a move-in day ahead: the unit held until then, the PIN on that day', async () => {
    await openReview(() => {
      useDraft.getState().update({ clientId: 'CLI-0042', globalStatus: 'completed' });
      state.payment = payment('completed');
      state.contract = contract('completed');
      state.submitters = signers('completed', 'completed');
      state.globalStatus = 'completed';
      state.moveIn = { status: 'scheduled', unitNumbers: ['B-012'], doorAccess: false, moveInDate: '2026-12-05' };
    });
    expect(await screen.findByTestId('move-in-status')).toHaveTextContent(
      'B-012, reservado hasta tu entrada (5 dic 2026)',
    );
    const completion = screen.getByTestId('completion');
    expect(within(completion).getByTestId('completion-units')).toHaveTextContent('B-012');
    expect(within(completion).getByTestId('completion-scheduled')).toHaveTextContent(
      `hasta tu día de entrada, el sábado, 5 de diciembre de 2026. Ese día, a primera hora, te llegará el PIN por SMS al ${STORED_TEST_APPLICANT.phone}`,
    );
    expect(within(completion).queryByRole('link', { name: 'Abrir la herramienta de la puerta' })).toBeNull();
  });
});

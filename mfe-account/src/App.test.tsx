import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { accountActions } from 'shared-api/account';
import { mockActionFunction, refusal } from 'shared-api/msw/action-mock';
import { renderRemote } from 'shared-ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from './App';
import { useAccountSession } from './session/store';
import type { Tenancy } from './tenancy/tenancy';

const account = mockActionFunction('account', accountActions);
const REGISTRATION_ID = '7f1c2a8e-0b5d-4c1e-9a7b-3d2f1e0c9b8a';
const SIGN_IN_ID = '0c9b8a7f-1c2a-4e0b-9d4c-1e9a7b3d2f1e';
const TOKEN = `${'aB3_-'.repeat(8)}xyz`;

const tenancy = (overrides: Partial<Tenancy> = {}): Tenancy => ({
  registrationId: REGISTRATION_ID,
  registrationCode: 'TR-2026-0042',
  active: true,
  status: 'allocated',
  moveInDate: null,
  units: [{ unitNumber: 'A-12', sizeM3: 3 }],
  since: '2026-10-01',
  period: 'monthly',
  rentCents: 4900,
  nextCollection: { date: '2026-12-01', amountCents: 4900 },
  balanceCents: 0,
  inCollectionCents: 0,
  payableCents: 0,
  accessSuspended: false,
  moveOutOn: null,
  earliestMoveOut: '2026-12-12',
  latestMoveOut: '2027-11-27',
  documents: [],
  bankAccount: { maskedIban: 'ES91 •••• 1332', mandateReference: 'MD-TR20260042-7F1C2A8E0B5D', pendingChange: null },
  ...overrides,
});

const signedIn = () => {
  account.on('me', () => ({
    contact: 'a•••@example.com',
    email: 'ana@example.com',
    phone: '+34600123456',
    tenancies: [{ registrationId: REGISTRATION_ID, registrationCode: 'TR-2026-0042', units: ['A-12'], active: true }],
  }));
  account.on('overview', () => ({ tenancies: [tenancy()] }));
  account.on('invoices', () => ({
    invoices: [
      {
        invoiceId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        registrationCode: 'TR-2026-0042',
        number: 'F-2026-0107',
        issueDate: '2026-11-01',
        kind: 'invoice',
        totalCents: 4900,
      },
    ],
  }));
};
const signedOut = () => account.on('me', () => refusal(401, 'Sign in to your account'));

beforeAll(() => account.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => account.server.close());
beforeEach(() => {
  useAccountSession.setState({ status: 'checking', contact: null, contacts: null, reason: null, changedTo: null });
  account.reset();
});
afterEach(() => {
  account.server.resetHandlers();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('asks for an e-mail or mobile, says the same to anyone, then takes the code', async () => {
    signedOut();
    account.on('request_sign_in', () => ({ signInId: SIGN_IN_ID }));
    account.on('verify_sign_in', (body) =>
      body.code === '123456' ? { success: true } : refusal(400, 'This code or link is not valid'),
    );
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    const contact = await screen.findByLabelText('Correo electrónico o móvil');

    await user.type(contact, 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace y el código' }));
    expect(await screen.findByText(/Escribe tu correo/)).toBeVisible();
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    expect(account.calls('request_sign_in')).toHaveLength(0);

    await user.clear(contact);
    await user.type(contact, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme el enlace y el código' }));
    expect(
      await screen.findByText(/Si ana@example.com es el correo o el móvil de alguien que alquila aquí/),
    ).toBeVisible();
    expect(account.calls('request_sign_in')).toEqual([
      { action: 'request_sign_in', contact: 'ana@example.com', language: 'es' },
    ]);
    const code = screen.getByLabelText('Código de 6 cifras');
    expect(code).toHaveFocus();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('El código tiene 6 cifras.')).toBeVisible();
    await user.type(code, '7');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(/Este código no es válido o ha caducado/)).toBeVisible();

    signedIn();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Has entrado como a•••@example.com.')).toBeVisible();
    expect(account.calls('verify_sign_in').at(-1)).toEqual({
      action: 'verify_sign_in',
      signInId: SIGN_IN_ID,
      code: '123456',
    });
  });

  it('says so when an address asks too often, in the page’s language', async () => {
    signedOut();
    account.on('request_sign_in', () => refusal(429, 'Too many sign-ins asked for'));
    await renderRemote(App, '/en/account', 'en');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail or mobile number'), '612 345 678');
    await user.click(screen.getByRole('button', { name: 'Send me the link and the code' }));
    expect(await screen.findByText(/Too many codes were asked for/)).toBeVisible();
  });

  it('opens a link’s session from the fragment and takes the secret out of the address', async () => {
    account.on('verify_sign_in', () => ({ success: true }));
    signedIn();
    const { location } = await renderRemote(App, `/es/mi-cuenta#acceso=${TOKEN}`, 'es');
    expect(await screen.findByText('Has entrado como a•••@example.com.')).toBeVisible();
    expect(account.calls('verify_sign_in')).toEqual([{ action: 'verify_sign_in', token: TOKEN }]);
    expect(location()).toBe('/es/mi-cuenta');
  });

  it('says a used or expired link is no longer valid and offers a new one', async () => {
    account.on('verify_sign_in', () => refusal(400, 'This code or link is not valid'));
    signedOut();
    await renderRemote(App, `/en/account#access=${TOKEN}`, 'en');
    expect(await screen.findByText(/This link has expired or was already used/)).toBeVisible();
    expect(screen.getByLabelText('E-mail or mobile number')).toBeVisible();
  });

  it('stays signed in when an old link is opened again with a session', async () => {
    account.on('verify_sign_in', () => refusal(400, 'This code or link is not valid'));
    signedIn();
    await renderRemote(App, `/es/mi-cuenta#acceso=${TOKEN}`, 'es');
    expect(await screen.findByText('Has entrado como a•••@example.com.')).toBeVisible();
    expect(screen.queryByText(/Este enlace ha caducado/)).toBeNull();
  });
});

describe('a signed-in tenant', () => {
  it('sees each rental, the contract and the invoices to download', async () => {
    signedIn();
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const card = await screen.findByRole('region', { name: 'Alquiler TR-2026-0042' });
    expect(within(card).getByText('A-12 (3 m³)')).toBeVisible();
    expect(within(card).getByText('49,00 € · mensual')).toBeVisible();
    expect(within(card).getByText('49,00 € el 1 dic 2026, por domiciliación')).toBeVisible();
    expect(within(card).getByTestId('balance')).toHaveTextContent('Al día');
    expect(within(card).getByTestId('access')).toHaveTextContent('Tu PIN abre la puerta.');
    expect(within(card).getByRole('link', { name: 'Descargar el contrato firmado (PDF)' })).toHaveAttribute(
      'href',
      `/functions/v1/account/contract?registrationId=${REGISTRATION_ID}`,
    );
    expect(within(card).queryByRole('button', { name: /Pagar/ })).toBeNull();
    const jump = screen.getByRole('navigation', { name: 'En esta página' });
    expect(within(jump).getByRole('link', { name: 'Alquileres' })).toHaveAttribute(
      'href',
      `#tenancy-${REGISTRATION_ID}`,
    );
    expect(within(jump).getByRole('link', { name: 'Facturas' })).toHaveAttribute('href', '#account-invoices');
    expect(document.getElementById(`tenancy-${REGISTRATION_ID}`)).toHaveTextContent('Alquiler TR-2026-0042');
    expect(document.getElementById('account-invoices')).toHaveTextContent('Facturas');
    const invoices = screen.getByRole('region', { name: 'Facturas' });
    expect(
      await within(invoices).findByRole('link', { name: 'Descargar la factura F-2026-0107 (PDF)' }),
    ).toHaveAttribute('href', '/functions/v1/account/invoice?id=a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
  });

  it('pays what is due by card, and is told when nothing is due any more', async () => {
    signedIn();
    account.on('overview', () => ({
      tenancies: [tenancy({ balanceCents: 6200, payableCents: 6200, accessSuspended: true })],
    }));
    // The page stays (no navigation in the test), and the test sees where it would have gone.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await renderRemote(App, '/en/account', 'en');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Rental TR-2026-0042' });
    expect(within(card).getByTestId('access')).toHaveTextContent('Suspended');
    account.on('pay_balance', () => refusal(409, 'Nothing is due now', 'nothing_owed'));
    await user.click(within(card).getByRole('button', { name: 'Pay €62.00 by card' }));
    expect(await within(card).findByText(/Nothing is due any more/)).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    account.on('pay_balance', () => ({ checkoutUrl: 'https://pay.example/checkout/1' }));
    await user.click(within(card).getByRole('button', { name: 'Pay €62.00 by card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1'));
    expect(within(card).getByRole('button', { name: 'Opening the payment…' })).toBeDisabled();
    expect(account.calls('pay_balance')).toHaveLength(2);
    expect(account.calls('pay_balance')[1]).toEqual({ action: 'pay_balance', registrationId: REGISTRATION_ID });
  });

  it('gives notice for a day the contract allows, and can withdraw it', async () => {
    signedIn();
    account.on('give_notice', (body) => ({ moveOutOn: String(body.moveOutOn) }));
    account.on('withdraw_notice', () => ({ success: true }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Alquiler TR-2026-0042' });
    const date = within(card).getByLabelText('Tu último día');
    expect(date).toHaveAttribute('min', '2026-12-12');

    await user.click(within(card).getByRole('button', { name: 'Avisar de la baja' }));
    expect(await within(card).findByText('Elige tu último día.')).toBeVisible();
    await user.type(date, '2026-12-01');
    await user.click(within(card).getByRole('button', { name: 'Avisar de la baja' }));
    expect(
      await within(card).findByText(
        'Elige un día desde el sábado, 12 de diciembre de 2026 hasta el sábado, 27 de noviembre de 2027.',
      ),
    ).toBeVisible();
    expect(account.calls('give_notice')).toHaveLength(0);

    account.on('overview', () => ({ tenancies: [tenancy({ moveOutOn: '2026-12-31' })] }));
    await user.clear(date);
    await user.type(date, '2026-12-31');
    await user.click(within(card).getByRole('button', { name: 'Avisar de la baja' }));
    expect(await within(card).findByTestId('move-out')).toHaveTextContent('jueves, 31 de diciembre de 2026');
    expect(account.calls('give_notice')).toEqual([
      { action: 'give_notice', registrationId: REGISTRATION_ID, moveOutOn: '2026-12-31' },
    ]);

    account.on('overview', () => ({ tenancies: [tenancy()] }));
    await user.click(within(card).getByRole('button', { name: 'Me quedo: retirar el aviso' }));
    expect(await within(card).findByText('Aviso retirado: el alquiler sigue.')).toBeVisible();
    expect(account.calls('withdraw_notice')).toHaveLength(1);
  });

  it('says so when signing out fails, and stays signed in rather than pretend', async () => {
    signedIn();
    account.on('sign_out', () => refusal(503, 'Unavailable'));
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(await screen.findByText(/No se ha podido cerrar la sesión/)).toBeVisible();
    expect(screen.getByText('Has entrado como a•••@example.com.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Salir' })).toBeEnabled();
  });

  it('signs out, and a session that ends while the page is open leads back to signing in', async () => {
    signedIn();
    account.on('sign_out', () => ({ success: true }));
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('Has salido de tu cuenta.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Entrar' })).toHaveFocus();

    signedIn();
    useAccountSession.setState({ status: 'checking' });
    await useAccountSession.getState().check();
    account.on('withdraw_notice', () => refusal(401, 'Sign in to your account'));
    account.on('overview', () => ({ tenancies: [tenancy({ moveOutOn: '2026-12-31' })] }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Me quedo: retirar el aviso' }));
    expect(await screen.findByText('Tu sesión ha terminado. Vuelve a entrar.')).toBeVisible();
  });
});

describe('the door from the account', () => {
  it('changes the PIN with the current one, says the tries left and the lockout', async () => {
    signedIn();
    let tries = 2;
    account.on('change_pin', (body) => {
      if (body.currentPin === '1234') return { success: true };
      tries -= 1;
      return tries >= 0
        ? { success: false, error: 'The current PIN is not right', attemptsLeft: tries + 1 }
        : {
            success: false,
            error: 'Locked',
            attemptsLeft: 0,
            lockedUntil: new Date(Date.now() + 15_000).toISOString(),
          };
    });
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Alquiler TR-2026-0042' });
    const door = within(card).getByRole('region', { name: 'La puerta' });
    const current = within(door).getByLabelText('PIN actual');
    const next = within(door).getByLabelText('PIN nuevo (4 cifras)');
    const repeat = within(door).getByLabelText('Repite el PIN nuevo');
    const change = within(door).getByRole('button', { name: 'Cambiar el PIN' });

    await user.type(current, '123');
    await user.click(change);
    expect(await within(door).findByText('El PIN tiene 4 cifras.')).toBeVisible();
    expect(current).toHaveFocus();
    await user.type(current, '9');
    await user.type(next, '5678');
    await user.type(repeat, '5679');
    await user.click(change);
    expect(await within(door).findByText('Los dos PIN nuevos no coinciden.')).toBeVisible();
    expect(account.calls('change_pin')).toHaveLength(0);

    await user.clear(repeat);
    await user.type(repeat, '5678');
    await user.click(change);
    expect(await within(door).findByText(/Te quedan 2 intentos/)).toBeVisible();
    await user.click(change);
    expect(await within(door).findByText(/Te queda 1 intento/)).toBeVisible();
    await user.click(change);
    expect(await within(door).findByText(/bloqueado 15 segundos, aquí y en la puerta/)).toBeVisible();

    await user.clear(current);
    await user.type(current, '1234');
    await user.click(change);
    expect(await within(door).findByText('PIN cambiado: úsalo desde ya en la puerta.')).toBeVisible();
    expect(current).toHaveValue('');
    expect(account.calls('change_pin').at(-1)).toEqual({
      action: 'change_pin',
      registrationId: REGISTRATION_ID,
      currentPin: '1234',
      newPin: '5678',
    });
  });

  it('sends a new mandate to sign for another account, checks the IBAN first, and can drop it', async () => {
    signedIn();
    let pending: Tenancy['bankAccount'] = null;
    account.on('overview', () => ({
      tenancies: [
        tenancy(
          pending
            ? {
                bankAccount: {
                  maskedIban: 'ES91 •••• 1332',
                  mandateReference: 'MD-TR20260042-7F1C2A8E0B5D',
                  pendingChange: pending.pendingChange,
                },
              }
            : {},
        ),
      ],
    }));
    account.on('change_bank_account', (body) => {
      if (String(body.iban).replace(/\s/g, '') === 'ES9121000418450200051332')
        return refusal(409, 'Unchanged', 'bank_account_unchanged');
      pending = {
        maskedIban: 'ES91 •••• 1332',
        mandateReference: 'MD-TR20260042-7F1C2A8E0B5D',
        pendingChange: { maskedIban: 'ES76 •••• 5766', requestedAt: '2026-11-27T10:00:00.000Z' },
      };
      return { maskedIban: 'ES76 •••• 5766' };
    });
    account.on('cancel_bank_change', () => {
      pending = null;
      return { success: true };
    });
    await renderRemote(App, '/en/account', 'en');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Rental TR-2026-0042' });
    const bank = within(card).getByRole('region', { name: 'Rent account' });
    expect(
      within(bank).getByText(/from the account ES91 •••• 1332 \(mandate MD-TR20260042-7F1C2A8E0B5D\)/),
    ).toBeVisible();
    await user.click(within(bank).getByRole('button', { name: 'Change the account' }));
    const iban = within(bank).getByLabelText('IBAN of the new account');
    const send = within(bank).getByRole('button', { name: 'Send me the mandate to sign' });

    await user.click(send);
    expect(await within(bank).findByText('Type the IBAN of the new account.')).toBeVisible();
    expect(iban).toHaveFocus();
    // One digit off: the check digits say so before anything is sent.
    await user.type(iban, 'ES76 2077 0024 0031 0257 5767');
    await user.click(send);
    expect(await within(bank).findByText(/check digits must add up/)).toBeVisible();
    expect(iban).toHaveAccessibleDescription(/check digits must add up/);
    await user.clear(iban);
    await user.type(iban, 'ES91 2100 0418 4502 0005 1332');
    await user.click(send);
    expect(await within(bank).findByText('The rent is already collected from that account.')).toBeVisible();
    await user.clear(iban);
    await user.type(iban, 'es76 2077 0024 0031 0257 5766');
    await user.click(send);
    expect(
      await within(bank).findByText(/We have e-mailed you the direct debit mandate for the account ES76 •••• 5766/),
    ).toBeVisible();
    expect(account.calls('change_bank_account').at(-1)).toEqual({
      action: 'change_bank_account',
      registrationId: REGISTRATION_ID,
      iban: 'es76 2077 0024 0031 0257 5766',
    });
    expect(await within(bank).findByTestId('bank-pending')).toHaveTextContent(
      'New account ES76 •••• 5766 awaiting your signature',
    );
    // Focus is not lost with the form: it is on the button that opens it again.
    expect(within(bank).getByRole('button', { name: 'Change to another account' })).toHaveFocus();
    await user.click(within(bank).getByRole('button', { name: 'Cancel the change' }));
    expect(await within(bank).findByText(/Change cancelled/)).toBeVisible();
    await waitFor(() => expect(within(bank).queryByTestId('bank-pending')).toBeNull());
  });

  it('asks again for a document staff rejected, checks the file, and says it is being checked', async () => {
    signedIn();
    let uploaded = false;
    account.on('overview', () => ({
      tenancies: [
        tenancy({
          accessSuspended: true,
          documents: [{ documentType: 'frontId', status: uploaded ? 'pending' : 'rejected', reason: 'Caducado' }],
        }),
      ],
    }));
    const received: string[] = [];
    account.server.use(
      http.post('*/functions/v1/account/document', async ({ request }) => {
        received.push(await request.text());
        uploaded = true;
        return HttpResponse.json({ success: true });
      }),
    );
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup({ applyAccept: false });
    const card = await screen.findByRole('region', { name: 'Alquiler TR-2026-0042' });
    const asked = within(card).getByRole('region', { name: 'Un documento de tu alta' });
    expect(asked).toHaveTextContent('DNI/NIE, cara delantera: no lo hemos podido aceptar (Caducado)');
    const file = within(asked).getByLabelText('Nuevo archivo: DNI/NIE, cara delantera');
    await user.click(within(asked).getByRole('button', { name: 'Enviar el documento' }));
    expect(await within(asked).findByText('Elige el archivo del documento.')).toBeVisible();
    expect(file).toHaveFocus();
    await user.upload(file, new File(['x'], 'dni.docx', { type: 'application/msword' }));
    await user.click(within(asked).getByRole('button', { name: 'Enviar el documento' }));
    expect(await within(asked).findByText('Ese archivo no es PDF, JPG ni PNG.')).toBeVisible();
    expect(received).toHaveLength(0);
    await user.upload(file, new File(['%PDF-1.7'], 'dni.pdf', { type: 'application/pdf' }));
    await user.click(within(asked).getByRole('button', { name: 'Enviar el documento' }));
    expect(
      await within(asked).findByText('DNI/NIE, cara delantera recibido: lo revisamos y te avisamos.'),
    ).toBeVisible();
    // The multipart form as sent: the rental, which document, the file.
    expect(received[0]).toMatch(new RegExp(`name="registrationId"\\r\\n\\r\\n${REGISTRATION_ID}`));
    expect(received[0]).toMatch(/name="documentType"\r\n\r\nfrontId/);
    // (the test DOM's File is not undici's, so only the part's name can be read here; the journey sends a real one.)
    expect(received[0]).toContain('name="file"');
    expect(await within(asked).findByText(/recibido; lo estamos revisando/)).toBeVisible();
    expect(within(asked).queryByRole('button', { name: 'Enviar el documento' })).toBeNull();
  });

  it('sends a new link into the door app, and shows the log when asked, in the tenant’s words', async () => {
    signedIn();
    account.on('door_link', () => ({ success: true }));
    account.on('door_log', () => ({
      entries: [
        { at: '2026-11-27T18:05:00.000Z', action: 'ENTRADA', result: 'ok' },
        { at: '2026-11-27T18:04:00.000Z', action: 'ENTRADA', result: 'wrong_pin' },
        { at: '2026-11-27T09:00:00.000Z', action: 'issue_access:x', result: 'box' },
      ],
    }));
    await renderRemote(App, '/en/account', 'en');
    const user = userEvent.setup();
    const door = within(await screen.findByRole('region', { name: 'Rental TR-2026-0042' })).getByRole('region', {
      name: 'The door',
    });
    await user.click(within(door).getByRole('button', { name: 'Send me the app link' }));
    expect(await within(door).findByText('Link sent to your e-mail.')).toBeVisible();
    account.on('door_link', () => refusal(409, 'Several door links', 'door_link_throttled'));
    await user.click(within(door).getByRole('button', { name: 'Send me the app link' }));
    expect(await within(door).findByText(/Several links were sent this hour/)).toBeVisible();

    expect(account.calls('door_log')).toHaveLength(0);
    await user.click(within(door).getByRole('button', { name: 'Show the latest accesses' }));
    const log = await within(door).findByTestId('door-log');
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Nov 27, 2026, 7:05 PM Entry: done',
      'Nov 27, 2026, 7:04 PM Entry: wrong PIN',
      'Nov 27, 2026, 10:00 AM Other action: other result',
    ]);
  });
});

describe('contact details', () => {
  it('changes the e-mail once the code sent to it comes back, then asks to sign in again', async () => {
    signedIn();
    account.on('change_contact', (body) =>
      body.value === 'luis@example.com'
        ? refusal(409, 'On another customer', 'contact_taken')
        : { changeId: SIGN_IN_ID },
    );
    account.on('confirm_contact', (body) =>
      body.code === '654321'
        ? { kind: 'email', contact: 'n•••@example.com' }
        : refusal(409, 'Not valid', 'contact_change_invalid'),
    );
    await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Tus datos de contacto' });
    expect(within(section).getByTestId('contact-email')).toHaveTextContent('ana@example.com');
    expect(within(section).getByTestId('contact-phone')).toHaveTextContent('+34 600 123 456');

    await user.click(within(section).getByRole('button', { name: 'Cambiar el correo' }));
    const field = within(section).getByLabelText('Correo nuevo');
    expect(field).toHaveFocus();
    await user.type(field, 'nueva@');
    await user.click(within(section).getByRole('button', { name: 'Enviar el código' }));
    expect(await within(section).findByText('Escribe un correo válido (nombre@ejemplo.com).')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'luis@example.com');
    await user.click(within(section).getByRole('button', { name: 'Enviar el código' }));
    expect(await within(section).findByText(/está en la ficha de otro cliente/)).toBeVisible();
    await user.clear(field);
    await user.type(field, 'nueva@example.com');
    await user.click(within(section).getByRole('button', { name: 'Enviar el código' }));
    expect(
      await within(section).findByText(/Te hemos enviado un código de 6 cifras a nueva@example.com/),
    ).toBeVisible();
    const code = within(section).getByLabelText('Código de 6 cifras');
    expect(code).toHaveFocus();
    await user.type(code, '111111');
    await user.click(within(section).getByRole('button', { name: 'Confirmar el cambio' }));
    expect(await within(section).findByText(/El código no es válido o ha caducado/)).toBeVisible();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(section).getByRole('button', { name: 'Confirmar el cambio' }));
    expect(
      await screen.findByText(
        'Hecho: tus datos de contacto son ahora n•••@example.com. Por seguridad, vuelve a entrar.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico o móvil')).toBeVisible();
    expect(account.calls('change_contact').at(-1)).toEqual({
      action: 'change_contact',
      kind: 'email',
      value: 'nueva@example.com',
      language: 'es',
    });
  });
});

describe('personal data', () => {
  it('offers the data as a file, and erases it with the code sent, once nothing is pending', async () => {
    signedIn();
    account.on('request_erasure', () => refusal(409, 'A rental is still active', 'erasure_rental_active'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderRemote(App, '/en/account', 'en');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Your data' });
    expect(within(section).getByRole('link', { name: 'Download my data (JSON)' })).toHaveAttribute(
      'href',
      '/functions/v1/account/data',
    );
    expect(within(section).getByText(/we keep the invoices and the collection files/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Erase my data' }));
    expect(await within(section).findByText(/You have an active rental: give notice first/)).toBeVisible();

    account.on('request_erasure', () => ({ erasureId: SIGN_IN_ID }));
    account.on('confirm_erasure', (body) =>
      body.code === '246810' ? { erased: ['TR-2026-0042'] } : refusal(409, 'Not valid', 'erasure_code_invalid'),
    );
    await user.click(within(section).getByRole('button', { name: 'Erase my data' }));
    expect(await within(section).findByText(/we have sent you a 6-digit code \(a•••@example.com\)/)).toBeVisible();
    const code = within(section).getByLabelText('6-digit code');
    await user.type(code, '111111');
    await user.click(within(section).getByRole('button', { name: 'Erase for good' }));
    expect(await within(section).findByText(/The code is not valid or has expired/)).toBeVisible();
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(section).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('We have erased your data. We have confirmed it by e-mail.')).toBeVisible();
    expect(account.calls('confirm_erasure').at(-1)).toEqual({
      action: 'confirm_erasure',
      erasureId: SIGN_IN_ID,
      code: '246810',
    });
  });
});

describe('renting again', () => {
  it('opens the sign-up at the services step with the new registration, or says what is overdue', async () => {
    signedIn();
    account.on('rent_again', () => refusal(409, 'Overdue', 'rent_again_overdue'));
    const { location } = await renderRemote(App, '/es/mi-cuenta', 'es');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: '¿Necesitas más espacio?' });
    await user.click(within(section).getByRole('button', { name: 'Alquilar otro trastero' }));
    expect(await within(section).findByText(/Hay algo pendiente de pago/)).toBeVisible();
    account.on('rent_again', () => ({ registrationId: SIGN_IN_ID }));
    await user.click(within(section).getByRole('button', { name: 'Alquilar otro trastero' }));
    await waitFor(() => expect(location()).toBe(`/es/alta/servicios?proceso=${SIGN_IN_ID}`));
    expect(account.calls('rent_again').at(-1)).toEqual({ action: 'rent_again', registrationId: REGISTRATION_ID });
  });
});

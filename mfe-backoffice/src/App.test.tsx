import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReviewedDocument } from 'shared-api/backoffice';
import { renderRemote } from 'shared-ui/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import App from './App';
import { useStaffSession } from './session/store';
import { document, MANAGER, quietToday, REGISTRATION_ID, registrationDetail, STAFF } from './testing/fixtures';
import { mockBackoffice, refusal } from './testing/mock-backoffice';

const backoffice = mockBackoffice();
const today = {
  ...quietToday(),
  payments: { today: 1, amountToday: 150, latest: [] },
  occupancy: [
    {
      productId: 202,
      name: 'Trastero 3 m³',
      nameEn: 'Storage unit 3 m³',
      available: 9,
      held: 0,
      occupied: 3,
      outOfService: 1,
      total: 13,
    },
  ],
};

beforeAll(() => backoffice.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => backoffice.server.close());
beforeEach(() => {
  useStaffSession.setState({ status: 'unknown', staff: null, expired: false });
  backoffice.reset();
  backoffice.on('today', () => today);
});
afterEach(() => backoffice.server.resetHandlers());

describe('signing in', () => {
  it('asks for the password, then the second factor, and opens Today', async () => {
    backoffice.on('me', () => ({ staff: null }));
    backoffice.on('login', (body) => {
      if (body.password !== 'bien-bien-1') return refusal(401, 'Invalid e-mail, password or code');
      if (!body.totpCode) return { totpRequired: true };
      return body.totpCode === '123456' ? { staff: { ...MANAGER, totpEnabled: true } } : refusal(401, 'x');
    });
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'gerencia@example.com');
    // Signed out, the page is the login, and its title says so (not "Hoy").
    await waitFor(() => expect(window.document.title).toMatch(/^Entrar en la gestión · Gestión/));
    await user.type(screen.getByLabelText('Contraseña'), 'mal');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo, contraseña o código incorrectos.');

    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'bien-bien-1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText('Código');
    expect(code).toHaveFocus();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El código tiene 6 cifras (o es un código de recuperación, como abcd-2345).',
    );
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
    expect(await screen.findByText('1 pago · 150,00 €')).toBeInTheDocument();
    expect(backoffice.calls('login').at(-1)).toMatchObject({ email: 'gerencia@example.com', totpCode: '123456' });
  });

  it('takes a recovery code when the phone is not at hand', async () => {
    backoffice.on('me', () => ({ staff: null }));
    backoffice.on('login', (body) =>
      !body.totpCode
        ? { totpRequired: true }
        : body.totpCode === 'abcd-2345'
          ? { staff: { ...MANAGER, totpEnabled: true, recoveryCodesLeft: 9 } }
          : refusal(401, 'x'),
    );
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'gerencia@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'bien-bien-1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(/Escribe uno de tus códigos de recuperación/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Código'), 'abcd-2345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
  });

  it('a manager without a second factor sets it up first, keeps the recovery codes, then goes on', async () => {
    backoffice.on('me', () => ({ staff: { ...MANAGER, totpEnabled: false, secondFactorDue: true } }));
    backoffice.on('today', () => refusal(403, 'Turn on your second factor first', 'second_factor_required'));
    backoffice.on('totp_setup', () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://x', qrSvg: '<svg/>' }));
    const codes = Array.from({ length: 10 }, (_, n) => `abcd-${String(2300 + n)}`);
    backoffice.on('totp_enable', (body) =>
      body.totpCode === '123456'
        ? {
            staff: { ...MANAGER, totpEnabled: true, secondFactorDue: false, recoveryCodesLeft: 10 },
            recoveryCodes: codes,
          }
        : refusal(400, 'The code is not correct'),
    );
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activa el segundo factor' })).toBeInTheDocument();
    // Nothing of the back-office behind it, not even its sections.
    expect(screen.queryByRole('navigation', { name: 'Secciones' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Activar el segundo factor' }));
    await user.type(await screen.findByLabelText('Código de 6 cifras'), '123456');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('heading', { name: 'Tus códigos de recuperación' })).toHaveFocus();
    const shown = within(screen.getByTestId('recovery-codes')).getAllByRole('listitem');
    expect(shown.map((item) => item.textContent)).toEqual(codes);
    backoffice.on('today', () => today);
    await user.click(screen.getByRole('button', { name: 'Ya los he guardado' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
  });

  it('a generated password is changed first, then the back-office opens', async () => {
    let changed = false;
    backoffice.on('me', () => ({ staff: { ...MANAGER, totpEnabled: true, passwordChangeDue: !changed } }));
    backoffice.on('change_password', (body) => {
      changed = body.currentPassword === 'generada-1' && body.newPassword === 'la-mia-de-verdad-2026';
      return changed ? { success: true } : refusal(400, 'The current password is not correct');
    });
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige tu contraseña' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Secciones' })).toBeNull();
    await user.type(screen.getByLabelText('Contraseña actual'), 'generada-1');
    await user.type(screen.getByLabelText('Contraseña nueva (mín. 12 caracteres)'), 'la-mia-de-verdad-2026');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
  });

  it('says when the server holds logins back', async () => {
    backoffice.on('me', () => ({ staff: null }));
    backoffice.on('login', () => refusal(429, 'Too many sign-in attempts. Try again in 15 minutes.'));
    const user = userEvent.setup();
    await renderRemote(App, '/en/backoffice', 'en');
    await user.type(await screen.findByLabelText('E-mail'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait 15 minutes and try again.');
  });

  it('signs in after the moment a busy service names, and says it is busy (not 15 minutes) if it still is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const busy = () =>
        HttpResponse.json(
          { error: 'Too many sign-in attempts at the moment. Try again in a few seconds.' },
          { status: 429, headers: { 'retry-after': '2' } },
        );
      let refusals = 1;
      backoffice.on('me', () => ({ staff: null }));
      backoffice.on('login', () => (refusals-- > 0 ? busy() : { staff: MANAGER }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderRemote(App, '/gestion', 'es');
      await user.type(await screen.findByLabelText('Correo electrónico'), 'gerencia@example.com');
      await user.type(screen.getByLabelText('Contraseña'), 'bien-bien-1');
      await user.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(backoffice.calls('login')).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
      expect(backoffice.calls('login')).toHaveLength(2);

      useStaffSession.getState().signOut();
      refusals = 2;
      await user.type(await screen.findByLabelText('Correo electrónico'), 'gerencia@example.com');
      await user.type(screen.getByLabelText('Contraseña'), 'bien-bien-1');
      await user.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(backoffice.calls('login')).toHaveLength(3));
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ahora mismo entran muchas personas a la vez. Vuelve a probar en unos segundos.',
      );
      expect(backoffice.calls('login')).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('brings the login back when a call finds the session ended', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('today', () => refusal(401, 'Sign in to the back-office'));
    await renderRemote(App, '/gestion', 'es');
    expect(await screen.findByText('Tu sesión ha terminado. Vuelve a entrar.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Entrar en la gestión' })).toBeInTheDocument();
  });
});

describe('roles', () => {
  it("shows staff no manager's sections, and says so at their address", async () => {
    backoffice.on('me', () => ({ staff: STAFF }));
    await renderRemote(App, '/gestion/equipo', 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo un gerente puede hacer esto.');
    const nav = screen.getByRole('navigation', { name: 'Secciones' });
    expect(within(nav).queryByRole('link', { name: 'Equipo' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Registro' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Altas' })).toHaveAttribute('href', '/gestion/altas');
    expect(backoffice.calls('list_staff')).toHaveLength(0);
  });
});

describe('the last 12 months on Today', () => {
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7);
    return {
      month,
      dueCents: 6200 * (i + 1),
      collectedCents: 6000 * (i + 1),
      returnedCents: i === 11 ? 6200 : 0,
      occupiedUnits: i + 1,
    };
  });

  it('shows a manager occupancy and money as charts with their figures, and the CSV reports', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('monthly_figures', () => ({ months, unitsInService: 40 }));
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    const section = await screen.findByRole('region', { name: 'Los últimos 12 meses' });
    expect(
      await within(section).findByRole('img', {
        name: 'Trasteros alquilados a fin de mes, de diciembre de 2025 a noviembre de 2026: de 1 a 12, de 40 en servicio.',
      }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('img', {
        name: /^Facturado y cobrado cada mes, de diciembre de 2025 a noviembre de 2026: este mes, 744,00\s€ facturado y 720,00\s€ cobrado\.$/,
      }),
    ).toBeInTheDocument();
    await user.click(within(section).getByText('Ver las cifras', { selector: 'summary' }));
    const last = within(section).getByRole('row', { name: /noviembre de 2026/ });
    expect(last).toHaveTextContent('12 / 40');
    expect(last).toHaveTextContent('744,00 €');
    expect(within(section).getByRole('link', { name: 'Ingresos por mes (CSV)' })).toHaveAttribute(
      'href',
      '/functions/v1/backoffice/export?report=income&lang=es',
    );
    expect(within(section).getByRole('link', { name: 'Relación de alquileres (CSV)' })).toHaveAttribute(
      'href',
      '/functions/v1/backoffice/export?report=rent_roll&lang=es',
    );
  });

  it('is not shown to staff, nor asked for', async () => {
    backoffice.on('me', () => ({ staff: STAFF }));
    await renderRemote(App, '/gestion', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ocupación por producto' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Los últimos 12 meses' })).toBeNull();
    expect(backoffice.calls('monthly_figures')).toHaveLength(0);
  });
});

describe('a registration', () => {
  it('lets the company sign only once the documents are approved, and signs once', async () => {
    let reviewed = false;
    let signed = false;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail(reviewed ? 'approved' : 'pending');
      if (signed) {
        detail.registration.stage = 'completed';
        detail.units = ['B-014'];
      }
      return detail;
    });
    backoffice.on('review_document', (body) => ({
      document: document(body.documentType as ReviewedDocument['documentType'], 'approved'),
    }));
    backoffice.on('countersign', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      signed = true;
      return { contractStatus: 'completed', units: ['B-014'] };
    });
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alta K7P2QX' })).toBeInTheDocument();
    // The tab names the record, by its code.
    await waitFor(() => expect(window.document.title).toMatch(/^Alta K7P2QX · Gestión/));
    // The company's signer reads what it signs.
    expect(screen.getByTestId('contract-text')).toHaveTextContent('trastero(s) B-014');
    expect(screen.getByTestId('contract-text')).toBeVisible();
    // It scrolls: reachable from the keyboard, and named.
    expect(screen.getByRole('region', { name: 'Texto del contrato' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Aprueba los tres documentos antes de firmar.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'DNI/NIE · cara delantera de K7P2QX' })).toHaveAttribute(
      'src',
      expect.stringContaining(
        `/functions/v1/backoffice/document?registrationId=${REGISTRATION_ID}&documentType=frontId`,
      ),
    );
    expect(screen.getByTitle('Certificado de titularidad bancaria de K7P2QX').tagName).toBe('IFRAME');

    for (const name of ['DNI/NIE · cara delantera', 'DNI/NIE · cara trasera', 'Certificado de titularidad bancaria']) {
      await user.click(screen.getByRole('button', { name: `Aprobar: ${name}` }));
      expect(await screen.findByText(`${name}: aprobado.`)).toBeInTheDocument();
    }
    reviewed = true;
    const submit = await screen.findByRole('button', { name: 'Firmar el contrato' });
    await user.click(submit);
    expect(screen.getByText('Marca la casilla para firmar.')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/lo firmo en nombre de la empresa/));
    await user.dblClick(submit);
    expect(await screen.findByText('Contrato firmado. Trasteros asignados: B-014.')).toBeInTheDocument();
    expect(backoffice.calls('countersign')).toEqual([
      { action: 'countersign', registrationId: REGISTRATION_ID, signedName: 'Lucía Gerente', consent: true },
    ]);
    await waitFor(() => expect(screen.getByText('B-014')).toBeInTheDocument());
  });

  it('asks why before rejecting a document', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => registrationDetail());
    backoffice.on('review_document', (body) => ({
      document: {
        ...document('backId', 'pending'),
        reviewStatus: 'rejected',
        rejectionReason: String(body.reason),
        reviewedBy: MANAGER.email,
        reviewedAt: '2026-11-23T10:00:00.000Z',
      },
    }));
    const user = userEvent.setup();
    await renderRemote(App, `/en/backoffice/registrations/${REGISTRATION_ID}`, 'en');
    await user.click(await screen.findByRole('button', { name: 'Reject: ID · back' }));
    await user.click(screen.getByRole('button', { name: 'Reject and tell the client' }));
    expect(screen.getByText('Say why (at least 3 characters).')).toBeInTheDocument();
    expect(backoffice.calls('review_document')).toHaveLength(0);
    await user.type(screen.getByLabelText('Why it is rejected (sent to the client)'), 'Blurred photo');
    await user.click(screen.getByRole('button', { name: 'Reject and tell the client' }));
    expect(await screen.findByText('ID · back: rejected. The client has been e-mailed.')).toBeInTheDocument();
    expect(screen.getByText('Reason: Blurred photo')).toBeInTheDocument();
    expect(backoffice.calls('review_document')[0]).toMatchObject({ decision: 'reject', reason: 'Blurred photo' });
  });

  it('marks a document uploaded again after a rejection as new; a tenant’s may be rejected (warned), an ended rental’s not', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    let moveInStatus: 'allocated' | 'ended' | null = null;
    backoffice.on('get_registration', () => {
      const detail = registrationDetail();
      detail.registration.stage = moveInStatus
        ? moveInStatus === 'ended'
          ? 'ended'
          : 'completed'
        : 'awaiting_company';
      detail.registration.moveInStatus = moveInStatus;
      detail.documents = detail.documents.map((d) =>
        d.documentType === 'backId' ? { ...d, previousRejectionReason: 'Foto borrosa' } : d,
      );
      return detail;
    });
    const user = userEvent.setup();
    const { unmount } = await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    expect(await screen.findByTestId('resubmitted-backId')).toHaveTextContent(
      'Nuevo: subido de nuevo el 23/11/26, 10:00, tras rechazar el anterior por «Foto borrosa».',
    );
    expect(screen.queryByTestId('resubmitted-frontId')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rechazar: DNI/NIE · cara trasera' })).toBeInTheDocument();
    unmount();

    // Moved in on the automatic signature: still reviewable, and staff are told what a rejection does.
    moveInStatus = 'allocated';
    const second = await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    await user.click(await screen.findByRole('button', { name: 'Rechazar: DNI/NIE · cara trasera' }));
    expect(screen.getByText(/Ya es inquilino: al rechazarlo se suspende su acceso a la puerta/)).toBeVisible();
    second.unmount();

    moveInStatus = 'ended';
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alta K7P2QX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rechazar:/ })).toBeNull();
  });
});

describe('a tenant who paid and has no unit', () => {
  const awaitingDetail = (refunded = false) => {
    const detail = registrationDetail('approved');
    detail.registration.stage = 'completed';
    detail.registration.moveInStatus = refunded ? 'ended' : 'awaiting_unit';
    if (refunded) detail.payments = detail.payments.map((p) => ({ ...p, refundedAt: at, refundReason: 'Sin sitio' }));
    return detail;
  };
  const at = '2026-11-24T09:00:00.000Z';
  const fitting = () => ({
    neededM3: 6,
    unitsRequired: 2,
    units: [
      { unitNumber: 'B-003', productName: 'Trastero 3 m³', sizeM3: 3 },
      { unitNumber: 'B-031', productName: 'Trastero 6 m³', sizeM3: 6 },
    ],
  });

  it('Today lists the week’s move-outs, the notices received and the deposits still to return, each a link to its page', async () => {
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('today', () => ({
      ...today,
      moveOuts: [
        {
          registrationId: REGISTRATION_ID,
          registrationCode: 'ABC123',
          fullName: 'Ana García',
          units: ['B-007'],
          moveOutOn: '2026-12-03',
        },
      ],
      noticesGiven: [
        {
          registrationId: '7b0f3c1e-0000-4000-8000-0000000000d2',
          registrationCode: 'NTC456',
          fullName: 'Eva Ruiz',
          moveOutOn: '2026-12-20',
          givenAt: '2026-11-26T17:30:00.000Z',
        },
      ],
      depositsToReturn: [
        {
          registrationId: '7b0f3c1e-0000-4000-8000-0000000000d1',
          registrationCode: 'XYZ789',
          fullName: 'Luis Pérez',
          endedAt: '2026-11-25T10:00:00.000Z',
          depositCents: 15000,
        },
      ],
    }));
    await renderRemote(App, '/gestion', 'es');
    const moving = await screen.findByRole('region', { name: 'Salidas de los próximos 7 días' });
    expect(within(moving).getByRole('link', { name: 'ABC123 · Ana García' })).toHaveAttribute(
      'href',
      `/gestion/altas/${REGISTRATION_ID}`,
    );
    expect(moving).toHaveTextContent('B-007 · último día: 3 dic 2026');
    const notices = screen.getByRole('region', { name: 'Avisos de baja de los últimos 7 días' });
    expect(within(notices).getByRole('link', { name: 'NTC456 · Eva Ruiz' })).toBeInTheDocument();
    expect(notices).toHaveTextContent('avisó el 26/11/26, 18:30 · último día: 20 dic 2026');
    const deposits = screen.getByRole('region', { name: 'Fianzas por devolver' });
    expect(within(deposits).getByRole('link', { name: 'XYZ789 · Luis Pérez' })).toBeInTheDocument();
    expect(deposits).toHaveTextContent(/terminó el 25\/11\/26, 11:00 · 150,00\s€/);
  });

  it('is flagged on Today until resolved', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('today', () => ({
      ...today,
      awaitingUnit: [{ ...registrationDetail().registration, stage: 'completed' as const }],
      awaitingUnitTotal: 1,
      // Ten shown of twelve: the way to all of them.
      awaitingCompany: Array.from({ length: 10 }, (_, i) => ({
        ...registrationDetail().registration,
        registrationId: `r-${i}`,
        registrationCode: `CODE${String(i).padStart(2, '0')}`,
      })),
      awaitingCompanyTotal: 12,
    }));
    await renderRemote(App, '/gestion', 'es');
    const flag = await screen.findByTestId('today-awaiting-unit');
    expect(flag).toHaveTextContent('Inquilinos que pagaron y esperan trastero (1)');
    expect(within(flag).getByRole('link', { name: /K7P2QX/ })).toHaveAttribute(
      'href',
      `/gestion/altas/${REGISTRATION_ID}`,
    );
    expect(screen.getByRole('heading', { name: /firma de la empresa \(12\)/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos (12) →' })).toHaveAttribute(
      'href',
      '/gestion/altas?stage=awaiting_company',
    );
  });

  it('shows whether the company signs by itself; a manager switches it after confirming, staff only read it', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    let enabled = true;
    backoffice.on('today', () => ({ ...today, autoCountersign: enabled }));
    backoffice.on('set_auto_countersign', (body) => {
      enabled = body.enabled as boolean;
      return { autoCountersign: enabled };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    const setting = await screen.findByTestId('auto-countersign');
    expect(setting).toHaveTextContent('Firma automática de la empresa: activada.');
    // Thought better of it: nothing sent.
    await user.click(within(setting).getByRole('button', { name: 'Desactivar la firma automática' }));
    expect(backoffice.calls('set_auto_countersign')).toHaveLength(0);
    await user.click(within(setting).getByRole('button', { name: 'Desactivar la firma automática' }));
    expect(await within(setting).findByText('Firma automática de la empresa: desactivada.')).toBeVisible();
    expect(backoffice.calls('set_auto_countersign')).toEqual([{ action: 'set_auto_countersign', enabled: false }]);
    expect(within(setting).getByRole('button', { name: 'Activar la firma automática' })).toBeEnabled();
    confirm.mockRestore();
  });

  it('lets staff assign fitting free units, refusing too little space before asking the server', async () => {
    let assigned = false;
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('get_registration', () => {
      const detail = awaitingDetail();
      if (assigned) {
        detail.registration.moveInStatus = 'allocated';
        detail.units = ['B-031'];
      }
      return detail;
    });
    backoffice.on('fitting_units', fitting);
    backoffice.on('assign_units', (body) => {
      assigned = true;
      return { units: body.unitNumbers as string[] };
    });
    const user = userEvent.setup();
    await renderRemote(App, `/en/backoffice/registrations/${REGISTRATION_ID}`, 'en');
    const panel = await screen.findByTestId('awaiting-unit');
    await user.click(await within(panel).findByLabelText(/B-003/));
    await user.click(within(panel).getByRole('button', { name: 'Assign the chosen units' }));
    expect(within(panel).getByText('Together the chosen units are smaller than what the tenant rents.')).toBeVisible();
    expect(backoffice.calls('assign_units')).toHaveLength(0);
    await user.click(within(panel).getByLabelText(/B-003/));
    await user.click(within(panel).getByLabelText(/B-031/));
    expect(within(panel).getByText('Chosen: 6.000 m³ of 6.000 m³')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Assign the chosen units' }));
    expect(await screen.findByText('Units assigned: B-031. The tenant gets their door access.')).toBeInTheDocument();
    expect(backoffice.calls('assign_units')[0]).toMatchObject({ unitNumbers: ['B-031'] });
    await waitFor(() => expect(screen.queryByTestId('awaiting-unit')).toBeNull());
    // Only a manager may give money back.
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('lets a manager refund the deposit, with a reason and a confirmation', async () => {
    let refunded = false;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => awaitingDetail(refunded));
    backoffice.on('fitting_units', () => ({ ...fitting(), units: [] }));
    backoffice.on('refund_deposit', () => {
      refunded = true;
      return { amount: 150, refundedAt: at };
    });
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const panel = await screen.findByTestId('awaiting-unit');
    expect(await within(panel).findByText('Ahora no hay ningún trastero libre que le sirva.')).toBeInTheDocument();
    const refund = within(panel).getByRole('button', { name: /^Devolver 150,00\s€$/ });
    await user.click(refund);
    expect(within(panel).getByText('Di por qué (al menos 3 caracteres).')).toBeInTheDocument();
    expect(within(panel).getByText('Marca la casilla para devolver la fianza.')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Motivo (se envía al inquilino)'), 'Sin sitio');
    await user.click(within(panel).getByLabelText(/Devuelvo 150,00 €/));
    await user.click(refund);
    expect(await screen.findByText(/Fianza devuelta \(150,00 €\)/)).toBeInTheDocument();
    expect(backoffice.calls('refund_deposit')[0]).toMatchObject({ reason: 'Sin sitio', confirm: true });
    await waitFor(() => expect(screen.queryByTestId('awaiting-unit')).toBeNull());
    expect(screen.getByText(/Devuelta el .* \(Sin sitio\)/)).toBeInTheDocument();
  });
});

describe('collections', () => {
  const due = {
    rentPeriodId: '7b0f3c1e-0000-4000-8000-000000000001',
    registrationId: REGISTRATION_ID,
    registrationCode: 'ABC123',
    debtorName: 'Ana García',
    dueDate: '2026-12-01',
    amountCents: 6200,
    sequenceType: 'FRST' as const,
    mandateReference: 'MD-ABC123-0A1B2C3D4E5F',
  };
  const made = {
    id: '7b0f3c1e-0000-4000-8000-0000000000aa',
    messageId: 'REM-20261126120000-ABCDEF12',
    dueBy: '2026-12-03',
    createdAt: '2026-11-26T11:00:00.000Z',
    createdBy: 'gerencia@trasteros-demo.example',
    collections: 1,
    totalCents: 6200,
  };

  const arrears = { graceDays: 5, lateFeeCents: 1500, warningDays: 3, suspendAfterDays: 15 };

  it('lists what is due, makes the remittance once confirmed, and offers its file', async () => {
    let sent = false;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('list_collections', () =>
      sent
        ? {
            dueBy: '2026-12-03',
            collections: [],
            listHash: 'e'.repeat(64),
            sent: [{ ...due, remittanceMessageId: made.messageId, returned: null }],
            remittances: [made],
            arrears,
          }
        : { dueBy: '2026-12-03', collections: [due], listHash: 'f'.repeat(64), sent: [], remittances: [], arrears },
    );
    backoffice.on('create_remittance', () => {
      sent = true;
      return { remittance: made };
    });
    backoffice.on('list_arrears', () => ({
      tenants: [
        {
          registrationId: REGISTRATION_ID,
          registrationCode: 'ABC123',
          name: 'Ana García',
          units: ['B-007', 'B-008'],
          overdueCents: 7700,
          daysOverdue: 16,
          access: 'suspended_by_arrears' as const,
          lastContactAt: '2026-11-20T08:00:00.000Z',
        },
      ],
    }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRemote(App, '/gestion/cobros', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cobros' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ana García/ });
    expect(row).toHaveTextContent('1 dic 2026');
    expect(row).toHaveTextContent('62,00 €');
    expect(row).toHaveTextContent('Primero');
    // The date is the service's (a week ahead by its clock), not this computer's.
    expect(backoffice.calls('list_collections')[0]).not.toHaveProperty('dueBy');
    expect(screen.getByLabelText(/Vencen hasta el/)).toHaveValue('2026-12-03');
    expect(screen.getByRole('heading', { name: 'Pendientes de enviar hasta el 3 dic 2026' })).toBeInTheDocument();
    expect(screen.getByText(/^1 recibo · 62,00\s€$/)).toBeInTheDocument();
    // Cancelled at the question: nothing is made.
    await user.click(screen.getByRole('button', { name: 'Crear remesa' }));
    expect(backoffice.calls('create_remittance')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Crear remesa' }));
    expect(confirm.mock.lastCall?.[0]).toMatch(
      /^¿Crear la remesa de 1 recibo por 62,00\s€\? Quedará enviado al banco\.$/,
    );
    expect(await screen.findByText(/Remesa REM-20261126120000-ABCDEF12 creada con 1 recibo\./)).toBeInTheDocument();
    expect(backoffice.calls('create_remittance')[0]).toMatchObject({
      dueBy: '2026-12-03',
      confirm: true,
      expected: { listHash: 'f'.repeat(64) },
    });
    const link = await screen.findByRole('link', { name: 'Descargar la remesa REM-20261126120000-ABCDEF12 (XML)' });
    expect(link).toHaveAttribute('href', `/functions/v1/backoffice/remittance?id=${made.id}`);
    expect(screen.getByText('No hay recibos pendientes hasta esa fecha.')).toBeInTheDocument();
    // Read again for the date on screen, not a new default.
    expect(backoffice.calls('list_collections').at(-1)).toMatchObject({ dueBy: '2026-12-03' });
    confirm.mockRestore();

    // The bank's answer: a file it cannot read says where; a result by hand needs a reason to be a return.
    backoffice.server.use(
      http.post('*/functions/v1/backoffice/bank-report', () =>
        HttpResponse.json({ error: 'XML mal formado en la línea 3, columna 1' }, { status: 422 }),
      ),
    );
    await user.upload(
      screen.getByLabelText('Informe del banco (pain.002 o camt.054, XML)'),
      new File(['<x'], 'banco.xml'),
    );
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText('No se ha importado nada: XML mal formado en la línea 3, columna 1'),
    ).toBeInTheDocument();
    const returned = screen.getByRole('button', { name: 'Devuelto: Ana García' });
    expect(returned).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Motivo de la devolución de Ana García'), 'AM04');
    backoffice.on('record_collection_result', () => ({ recorded: 'retry' }));
    await user.click(returned);
    expect(await screen.findByText(/Recibo de Ana García devuelto: irá en la próxima remesa/)).toBeInTheDocument();
    expect(backoffice.calls('record_collection_result')[0]).toMatchObject({ outcome: 'returned', reason: 'AM04' });

    // Who owes money now: amount, days, the door's state, the last reminder.
    const owing = within(await screen.findByRole('table', { name: 'Impagos' })).getByRole('row', {
      name: /Ana García/,
    });
    expect(owing).toHaveTextContent('B-007, B-008');
    expect(owing).toHaveTextContent('77,00 €');
    expect(owing).toHaveTextContent('16 días');
    expect(owing).toHaveTextContent('Suspendido por impago');
    expect(owing).toHaveTextContent('20/11/26, 9:00');

    // The arrears rules: a Spanish fee ("20,5"), and a warning that would come after the suspension refused.
    const rules = screen.getByRole('region', { name: 'Impagos: reglas' });
    expect(within(rules).getByLabelText('Recargo por recibo impagado (€; 0: sin recargo)')).toHaveValue('15');
    await user.clear(within(rules).getByLabelText('Recargo por recibo impagado (€; 0: sin recargo)'));
    await user.type(within(rules).getByLabelText('Recargo por recibo impagado (€; 0: sin recargo)'), '20,5');
    await user.clear(within(rules).getByLabelText('Aviso, días antes de suspender'));
    await user.type(within(rules).getByLabelText('Aviso, días antes de suspender'), '20');
    await user.click(within(rules).getByRole('button', { name: 'Guardar reglas' }));
    expect(within(rules).getByText('El aviso debe llegar antes de la suspensión.')).toBeInTheDocument();
    expect(backoffice.calls('set_arrears_settings')).toHaveLength(0);
    await user.clear(within(rules).getByLabelText('Aviso, días antes de suspender'));
    await user.type(within(rules).getByLabelText('Aviso, días antes de suspender'), '4');
    backoffice.on('set_arrears_settings', (body) => ({
      arrears: { ...arrears, lateFeeCents: 2050, warningDays: 4 },
      ...(body ? {} : {}),
    }));
    await user.click(within(rules).getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText('Reglas de impagos guardadas.')).toBeInTheDocument();
    expect(backoffice.calls('set_arrears_settings')[0]).toMatchObject({ lateFeeCents: 2050, warningDays: 4 });
  });

  it('says a list is being read again or could not be, and makes no remittance from the one still shown', async () => {
    let answer: (() => void) | undefined;
    let reads = 0;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('list_arrears', () => ({ tenants: [] }));
    backoffice.on('list_collections', (body) => {
      reads += 1;
      const list = {
        dueBy: String(body.dueBy ?? '2026-12-03'),
        collections: [due],
        listHash: 'f'.repeat(64),
        sent: [],
        remittances: [],
        arrears,
      };
      if (reads === 2) return new Promise((resolve) => (answer = () => resolve(list)));
      if (reads === 3) return refusal(500, 'Internal error');
      return list;
    });
    const user = userEvent.setup();
    await renderRemote(App, '/gestion/cobros', 'es');
    const create = await screen.findByRole('button', { name: 'Crear remesa' });
    expect(create).toBeEnabled();
    // Another date: the list shown is the old one until the new one comes.
    const date = screen.getByLabelText(/Vencen hasta el/);
    await user.clear(date);
    await user.type(date, '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Cargando…'));
    expect(create.closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(create).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(
      await screen.findByRole('heading', { name: 'Pendientes de enviar hasta el 10 dic 2026' }),
    ).toBeInTheDocument();
    expect(create).toBeEnabled();
    // Read again and failed: said, with Retry; still no remittance from what is shown.
    await user.clear(date);
    await user.type(date, '2026-12-11');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha podido cargar.');
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(create).toBeEnabled());
    expect(backoffice.calls('create_remittance')).toHaveLength(0);
  }, 20_000);

  it('is a manager’s: staff see no Collections in the menu', async () => {
    backoffice.on('me', () => ({ staff: STAFF }));
    await renderRemote(App, '/gestion/cobros', 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo un gerente puede hacer esto.');
    const nav = screen.getByRole('navigation', { name: 'Secciones' });
    expect(within(nav).queryByRole('link', { name: 'Cobros' })).toBeNull();
    expect(backoffice.calls('list_collections')).toHaveLength(0);
  });
});

describe('door access', () => {
  it('staff suspend a tenant’s access with a reason, see it suspended, and restore it', async () => {
    let suspended = false;
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'completed';
      detail.registration.moveInStatus = 'allocated';
      detail.units = ['B-007'];
      detail.registration.accessSuspension = suspended
        ? { since: '2026-11-26T10:00:00.000Z', reason: 'Daños', by: 'staff' }
        : null;
      return detail;
    });
    backoffice.on('suspend_access', () => {
      suspended = true;
      return { success: true };
    });
    backoffice.on('restore_access', () => {
      suspended = false;
      return { success: true };
    });
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const section = await screen.findByRole('region', { name: 'Acceso a la puerta' });
    expect(within(section).getByTestId('access-state')).toHaveTextContent('Su PIN abre la puerta.');
    await user.click(within(section).getByRole('button', { name: 'Suspender el acceso' }));
    expect(within(section).getByText('Di el motivo (al menos 3 caracteres).')).toBeInTheDocument();
    expect(backoffice.calls('suspend_access')).toHaveLength(0);
    await user.type(within(section).getByLabelText('Motivo de la suspensión (se envía al inquilino)'), 'Daños');
    await user.click(within(section).getByRole('button', { name: 'Suspender el acceso' }));
    expect(
      await screen.findByText('Acceso suspendido; se ha avisado al inquilino por correo y SMS.'),
    ).toBeInTheDocument();
    expect(backoffice.calls('suspend_access')[0]).toMatchObject({ registrationId: REGISTRATION_ID, reason: 'Daños' });
    expect(await within(section).findByText(/^Suspendido desde el .* por el personal \(Daños\)/)).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Motivo para restablecerlo (queda en el registro)'), 'Reparado');
    await user.click(within(section).getByRole('button', { name: 'Restablecer el acceso' }));
    expect(await within(section).findByText('Su PIN abre la puerta.')).toBeInTheDocument();
  });
});

describe('notice to move out, given at the desk', () => {
  it('records the last day the contract allows, and withdraws it', async () => {
    let moveOutOn: string | null = null;
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'completed';
      detail.registration.moveInStatus = 'allocated';
      detail.registration.notice = { moveOutOn, earliestMoveOut: '2026-12-12', latestMoveOut: '2027-11-27' };
      return detail;
    });
    backoffice.on('give_notice', (body) => {
      moveOutOn = String(body.moveOutOn);
      return { moveOutOn };
    });
    backoffice.on('withdraw_notice', () => {
      moveOutOn = null;
      return { success: true };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const section = await screen.findByRole('region', { name: 'Baja' });
    expect(within(section).getByTestId('move-out-state')).toHaveTextContent('No ha avisado de la baja.');
    const date = within(section).getByLabelText('Último día (el inquilino ha avisado)');
    await user.type(date, '2026-12-11');
    await user.click(within(section).getByRole('button', { name: 'Registrar el aviso' }));
    expect(
      within(section).getByText(
        'Elige un día desde el sábado, 12 de diciembre de 2026 hasta el sábado, 27 de noviembre de 2027.',
      ),
    ).toBeInTheDocument();
    expect(backoffice.calls('give_notice')).toHaveLength(0);
    await user.clear(date);
    await user.type(date, '2026-12-31');
    await user.click(within(section).getByRole('button', { name: 'Registrar el aviso' }));
    await waitFor(() =>
      expect(within(section).getByTestId('move-out-state')).toHaveTextContent(
        'Ha avisado de la baja: su último día es el jueves, 31 de diciembre de 2026.',
      ),
    );
    expect(backoffice.calls('give_notice')[0]).toMatchObject({
      registrationId: REGISTRATION_ID,
      moveOutOn: '2026-12-31',
    });
    await user.click(within(section).getByRole('button', { name: 'Retirar el aviso' }));
    await waitFor(() =>
      expect(within(section).getByTestId('move-out-state')).toHaveTextContent('No ha avisado de la baja.'),
    );
    vi.restoreAllMocks();
  });
});

describe('a tenant’s account', () => {
  it('lists invoices, payments and returns with the balance, and offers each invoice’s PDF', async () => {
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'completed';
      detail.registration.moveInStatus = 'allocated';
      return detail;
    });
    const invoiceId = '7b0f3c1e-0000-4000-8000-0000000000f1';
    backoffice.on('get_ledger', () => ({
      balanceCents: 7700,
      inCollectionCents: 0,
      payableCents: 7700,
      entries: [
        {
          date: '2026-11-26',
          kind: 'invoice' as const,
          reference: 'F2026-000001',
          detail: null,
          amountCents: 6200,
          balanceCents: 6200,
          invoiceId,
        },
        {
          date: '2026-11-28',
          kind: 'direct_debit' as const,
          reference: 'ABC123-P01',
          detail: null,
          amountCents: -6200,
          balanceCents: 0,
          invoiceId: null,
        },
        {
          date: '2026-12-02',
          kind: 'return' as const,
          reference: 'ABC123-P01',
          detail: 'MD06',
          amountCents: 6200,
          balanceCents: 6200,
          invoiceId: null,
        },
        {
          date: '2026-12-07',
          kind: 'late_fee' as const,
          reference: 'F2026-000002',
          detail: null,
          amountCents: 1500,
          balanceCents: 7700,
          invoiceId: '7b0f3c1e-0000-4000-8000-0000000000f2',
        },
      ],
    }));
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const account = await screen.findByRole('region', { name: 'Cuenta del inquilino' });
    expect(await within(account).findByTestId('ledger-balance')).toHaveTextContent('77,00 €');
    const rows = within(account).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/26 nov 2026Factura del alquilerF2026-000001 · PDF62,00\s€62,00\s€/),
      expect.stringMatching(/Cobrado por domiciliaciónABC123-P01-62,00\s€0,00\s€/),
      expect.stringMatching(/Recibo devuelto \(MD06\)ABC123-P0162,00\s€62,00\s€/),
      expect.stringMatching(/Recargo por impagoF2026-000002 · PDF15,00\s€77,00\s€/),
    ]);
    expect(within(account).getByRole('link', { name: 'Descargar la factura F2026-000001 (PDF)' })).toHaveAttribute(
      'href',
      `/functions/v1/backoffice/invoice?id=${invoiceId}`,
    );
    expect(backoffice.calls('get_ledger')[0]).toMatchObject({ registrationId: REGISTRATION_ID });
  });
});

describe('the deposit at move-out', () => {
  it('asks for the unit to be checked and a reason for what is kept, then returns the rest after a confirmation', async () => {
    let returned = false;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'ended';
      detail.registration.moveInStatus = 'ended';
      detail.payments = detail.payments.map((p) => ({
        ...p,
        status: 'completed' as const,
        refundedAt: returned ? '2026-11-27T10:00:00.000Z' : null,
      }));
      return detail;
    });
    backoffice.on('get_ledger', () => ({ balanceCents: 1500, inCollectionCents: 0, payableCents: 1500, entries: [] }));
    backoffice.on('return_deposit', () => {
      returned = true;
      return { refundedCents: 13500, keptCents: 1500, refundedAt: '2026-11-27T10:00:00.000Z' };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const section = await screen.findByRole('region', { name: 'Devolver la fianza' });
    expect(
      await within(section).findByText(/^Debe ahora \(recibos devueltos y recargos\): 15,00\s€\.$/),
    ).toBeInTheDocument();
    // More than is owed: refused on the page.
    await user.type(within(section).getByLabelText('Importe que se retiene (€; vacío: nada)'), '15,01');
    await user.click(within(section).getByRole('button', { name: 'Devolver la fianza' }));
    expect(within(section).getByText('Escribe un importe de 0 a 15,00 €.')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('Importe que se retiene (€; vacío: nada)'));
    await user.type(within(section).getByLabelText('Importe que se retiene (€; vacío: nada)'), '15');
    await user.click(within(section).getByRole('button', { name: 'Devolver la fianza' }));
    expect(within(section).getByText('Revisa el trastero antes de devolver la fianza.')).toBeInTheDocument();
    expect(within(section).getByText('Di por qué se retiene (al menos 3 caracteres).')).toBeInTheDocument();
    expect(backoffice.calls('return_deposit')).toHaveLength(0);
    await user.click(within(section).getByLabelText('He revisado el trastero: está vacío y en buen estado'));
    expect(within(section).queryByText('Revisa el trastero antes de devolver la fianza.')).toBeNull();
    await user.type(within(section).getByLabelText('Motivo de lo retenido (se envía al inquilino)'), 'Limpieza');
    await user.click(within(section).getByRole('button', { name: 'Devolver la fianza' }));
    expect(confirm.mock.lastCall?.[0]).toMatch(/^¿Devolver \d+,\d{2}\s€ a la tarjeta y retener 15,00\s€\?/);
    expect(await screen.findByText(/^Fianza devuelta: 135,00\s€ a la tarjeta, 15,00\s€ retenido/)).toBeInTheDocument();
    expect(backoffice.calls('return_deposit')[0]).toMatchObject({
      keepCents: 1500,
      reason: 'Limpieza',
      inspected: true,
    });
    // Returned: the panel is gone.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Devolver la fianza' })).toBeNull());
    confirm.mockRestore();
  });
});

describe('the rent account', () => {
  it('a manager changes it to a valid Spanish IBAN after a confirmation; a mistyped one never leaves the page', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'completed';
      detail.registration.moveInStatus = 'allocated';
      return detail;
    });
    backoffice.on('get_ledger', () => ({ balanceCents: 0, inCollectionCents: 6200, payableCents: 0, entries: [] }));
    backoffice.on('change_bank_account', () => ({ iban: 'ES76 •••• 5766' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const account = await screen.findByRole('region', { name: 'Cuenta del inquilino' });
    await user.click(await within(account).findByText('Cambiar la cuenta de cobro'));
    await user.type(within(account).getByLabelText('Nuevo IBAN'), 'ES76 2077 0024 0031 0257 5767');
    await user.click(within(account).getByRole('button', { name: 'Cambiar la cuenta' }));
    expect(within(account).getByText('Escribe un IBAN español válido (ES y 22 cifras).')).toBeInTheDocument();
    expect(backoffice.calls('change_bank_account')).toHaveLength(0);
    await user.clear(within(account).getByLabelText('Nuevo IBAN'));
    await user.type(within(account).getByLabelText('Nuevo IBAN'), 'es76 2077 0024 0031 0257 5766');
    await user.click(within(account).getByRole('button', { name: 'Cambiar la cuenta' }));
    expect(
      await within(account).findByText('Cuenta de cobro cambiada a ES76 •••• 5766; se ha avisado al inquilino.'),
    ).toBeInTheDocument();
    expect(backoffice.calls('change_bank_account')[0]).toMatchObject({
      iban: 'ES7620770024003102575766',
      confirm: true,
    });
    confirm.mockRestore();
  });
});

describe('a refund', () => {
  it('a manager records money given back, at most what the tenant is owed, with a reason and a confirmation', async () => {
    let refunded = false;
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = 'ended';
      detail.registration.moveInStatus = 'ended';
      return detail;
    });
    backoffice.on('get_ledger', () => ({
      balanceCents: refunded ? 0 : -6200,
      inCollectionCents: 0,
      payableCents: 0,
      entries: [],
    }));
    backoffice.on('record_refund', () => {
      refunded = true;
      return { balanceCents: 0 };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    const account = await screen.findByRole('region', { name: 'Cuenta del inquilino' });
    expect(await within(account).findByText('Se le deben 62,00 € al inquilino.')).toBeInTheDocument();
    await user.type(within(account).getByLabelText('Importe devuelto por transferencia (€)'), '62,5');
    await user.type(within(account).getByLabelText('Motivo (se envía al inquilino)'), 'Mes no disfrutado');
    await user.click(within(account).getByRole('button', { name: 'Registrar la devolución' }));
    expect(within(account).getByText('Escribe un importe de 0,01 € a 62,00 €.')).toBeInTheDocument();
    expect(backoffice.calls('record_refund')).toHaveLength(0);
    await user.clear(within(account).getByLabelText('Importe devuelto por transferencia (€)'));
    await user.type(within(account).getByLabelText('Importe devuelto por transferencia (€)'), '62');
    await user.click(within(account).getByRole('button', { name: 'Registrar la devolución' }));
    expect(confirm.mock.lastCall?.[0]).toMatch(/^¿Registrar que se han devuelto 62,00\s€ al inquilino\?/);
    expect(
      await within(account).findByText('Devolución de 62,00 € registrada; se ha enviado el justificante al inquilino.'),
    ).toBeInTheDocument();
    // Nothing more is owed: the form is gone, its message stays.
    await waitFor(() => expect(within(account).queryByRole('button', { name: 'Registrar la devolución' })).toBeNull());
    expect(
      within(account).getByText('Devolución de 62,00 € registrada; se ha enviado el justificante al inquilino.'),
    ).toBeInTheDocument();
    expect(backoffice.calls('record_refund')[0]).toMatchObject({
      amountCents: 6200,
      reason: 'Mes no disfrutado',
      confirm: true,
    });
    confirm.mockRestore();
  });
});

describe('product names', () => {
  it('are English in the English back-office, Spanish in the Spanish one', async () => {
    backoffice.on('me', () => ({ staff: MANAGER }));
    const { unmount } = await renderRemote(App, '/en/backoffice', 'en');
    expect(await screen.findByRole('rowheader', { name: 'Storage unit 3 m³' })).toBeInTheDocument();
    unmount();
    await renderRemote(App, '/gestion', 'es');
    expect(await screen.findByRole('rowheader', { name: 'Trastero 3 m³' })).toBeInTheDocument();
  });
});

describe('a signed tenancy', () => {
  it('offers the signed contract to download and ends the rental only after a confirmation', async () => {
    let ended = false;
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('get_registration', () => {
      const detail = registrationDetail('approved');
      detail.registration.stage = ended ? 'ended' : 'completed';
      detail.registration.moveInStatus = ended ? 'ended' : 'allocated';
      detail.units = ended ? [] : ['B-014'];
      if (detail.contract) detail.contract.status = 'completed';
      return detail;
    });
    backoffice.on('end_rental', () => {
      ended = true;
      return { freedUnits: ['B-014'] };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/altas/${REGISTRATION_ID}`, 'es');
    expect(await screen.findByRole('link', { name: 'Descargar el contrato firmado (PDF)' })).toHaveAttribute(
      'href',
      `/functions/v1/backoffice/signed-contract?registrationId=${REGISTRATION_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Terminar el alquiler' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('Ana García López (B-014)'));
    expect(backoffice.calls('end_rental')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Terminar el alquiler' }));
    expect(await screen.findByText('Alquiler terminado. Trasteros libres: B-014.')).toBeInTheDocument();
    expect(backoffice.calls('end_rental')[0]).toMatchObject({ registrationId: REGISTRATION_ID, confirm: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Terminar el alquiler' })).toBeNull());
  });
});

describe('the waitlist', () => {
  it('offers by hand, and removes only after a confirmation', async () => {
    const entry = {
      entryId: '7',
      productId: 209,
      productName: 'Trastero 18 m³',
      productNameEn: 'Storage unit 18 m³',
      position: 1,
      fullName: 'Marta Espera',
      email: 'marta@example.com',
      phone: '+34600000001',
      unitsRequired: 1,
      timeframe: 'asap',
      status: 'waiting' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      offer: null,
    };
    backoffice.on('me', () => ({ staff: STAFF }));
    backoffice.on('list_waitlist', () => ({ entries: [entry] }));
    backoffice.on('waitlist_offer', () => ({ entry: { ...entry, status: 'offered' } }));
    backoffice.on('waitlist_remove', () => ({ entry: { ...entry, status: 'left', position: null } }));
    const user = userEvent.setup();
    await renderRemote(App, '/gestion/lista-espera', 'es');
    expect(await screen.findByRole('heading', { level: 2, name: 'Trastero 18 m³' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ofrecer un trastero a Marta Espera' }));
    expect(await screen.findByText('Oferta enviada a Marta Espera.')).toBeInTheDocument();
    expect(backoffice.calls('waitlist_offer')).toEqual([{ action: 'waitlist_offer', entryId: '7' }]);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Quitar de la lista a Marta Espera' }));
    expect(backoffice.calls('waitlist_remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Quitar de la lista a Marta Espera' }));
    expect(await screen.findByText('Marta Espera ya no está en la lista.')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(
      '¿Quitar a Marta Espera de la lista de espera de Trastero 18 m³? Se le avisa por correo.',
    );
    confirm.mockRestore();
  });
});

describe('the team', () => {
  it('asks before promoting, demoting or disabling someone', async () => {
    const member = { ...STAFF, id: 'st-2', email: 'caja@example.com', name: 'Carmen Caja' };
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('list_staff', () => ({ staff: [MANAGER, member] }));
    backoffice.on('update_staff', (body) => ({
      staff: { ...member, ...(body.role === 'manager' || body.role === 'staff' ? { role: body.role } : {}) },
    }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRemote(App, '/gestion/equipo', 'es');
    const promote = await screen.findByRole('button', { name: /Hacer gerente.*Carmen Caja/ });
    await user.click(promote);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('¿Hacer gerente a Carmen Caja?'));
    expect(backoffice.calls('update_staff')).toHaveLength(0);
    await user.click(promote);
    await waitFor(() => expect(backoffice.calls('update_staff')).toHaveLength(1));
  });
});

describe('a forgotten password', () => {
  it('asks for the e-mail from the login page and says the same whoever it belongs to', async () => {
    backoffice.on('me', () => ({ staff: null }));
    backoffice.on('request_password_reset', () => ({ success: true }));
    const user = userEvent.setup();
    await renderRemote(App, '/gestion', 'es');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: '¿Has olvidado la contraseña?' }));
    const email = await screen.findByLabelText('Correo electrónico');
    expect(email).toHaveValue('ana@example.com');
    expect(email).toHaveFocus();
    await user.clear(email);
    await user.type(email, 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escribe un correo válido.');
    expect(backoffice.calls('request_password_reset')).toHaveLength(0);
    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si ana@example.com es el correo de alguien del equipo, acabamos de enviarle un enlace. Caduca a los 30 minutos',
    );
    expect(screen.getByRole('heading', { name: 'Restablecer la contraseña' })).toHaveFocus();
    expect(backoffice.calls('request_password_reset')).toMatchObject([{ email: 'ana@example.com', language: 'es' }]);
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Entrar en la gestión' })).toBeInTheDocument();
  });

  it('opens a reset link without a session, asks for the second factor when the account has one, and takes the secret off the address bar', async () => {
    const token = 'a'.repeat(43);
    backoffice.on('check_password_reset', (body) =>
      body.token === token
        ? { email: 'ana@example.com', totpRequired: true, invitation: false }
        : refusal(409, 'x', 'reset_link_invalid'),
    );
    backoffice.on('reset_password', (body) =>
      body.totpCode === '123456' ? { success: true } : refusal(400, 'The code is not correct'),
    );
    window.history.replaceState(null, '', `/en/backoffice/reset-password#${token}`);
    const user = userEvent.setup();
    await renderRemote(App, `/en/backoffice/reset-password#${token}`, 'en');
    expect(await screen.findByText('For the account ana@example.com.')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(backoffice.calls('me')).toHaveLength(0);
    await waitFor(() => expect(window.document.title).toMatch(/^New password · /));
    const password = screen.getByLabelText('New password (at least 12 characters)');
    await user.type(password, 'caballo-grapa-9');
    await user.type(screen.getByLabelText('Repeat the new password'), 'caballo-grapa-8');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat the new password')).toHaveFocus();
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'caballo-grapa-9');
    await user.type(screen.getByLabelText('Second-factor code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Second-factor code')).toHaveFocus();
    await user.type(screen.getByLabelText('Second-factor code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password saved.');
    expect(screen.getByRole('link', { name: 'Sign in to the back-office' })).toHaveAttribute('href', '/en/backoffice');
    expect(backoffice.calls('reset_password').at(-1)).toMatchObject({
      token,
      newPassword: 'caballo-grapa-9',
      totpCode: '123456',
    });
  });

  it('says when a link expired and leads to a new one', async () => {
    backoffice.on('check_password_reset', () => refusal(409, 'x', 'reset_link_invalid'));
    backoffice.on('me', () => ({ staff: null }));
    window.history.replaceState(null, '', `/gestion/restablecer#${'b'.repeat(43)}`);
    const user = userEvent.setup();
    await renderRemote(App, `/gestion/restablecer#${'b'.repeat(43)}`, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace ha caducado o ya se ha usado.');
    await user.click(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Restablecer la contraseña' })).toBeInTheDocument();
  });
});

describe('recovering a team member', () => {
  it('e-mails a password link, and resets a lost second factor only after a confirmation', async () => {
    const member = { ...MANAGER, id: 'st-3', email: 'luis@example.com', name: 'Luis Gerente', totpEnabled: true };
    backoffice.on('me', () => ({ staff: MANAGER }));
    backoffice.on('list_staff', () => ({ staff: [MANAGER, member] }));
    backoffice.on('send_password_reset', () => ({ success: true }));
    backoffice.on('reset_second_factor', () => ({ staff: { ...member, totpEnabled: false } }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRemote(App, '/gestion/equipo', 'es');
    await user.click(await screen.findByRole('button', { name: /Enviar enlace de contraseña.*Luis Gerente/ }));
    expect(await screen.findByText('Enlace enviado a luis@example.com: caduca a los 30 minutos.')).toBeInTheDocument();
    expect(backoffice.calls('send_password_reset')).toMatchObject([{ staffId: 'st-3', language: 'es' }]);
    // Nobody resets their own second factor here (the account page does it).
    expect(screen.getAllByRole('button', { name: /Restablecer el segundo factor/ })).toHaveLength(1);
    const reset = screen.getByRole('button', { name: /Restablecer el segundo factor.*Luis Gerente/ });
    await user.click(reset);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('¿Quitar el segundo factor de Luis Gerente?'));
    expect(backoffice.calls('reset_second_factor')).toHaveLength(0);
    await user.click(reset);
    expect(
      await screen.findByText('Segundo factor de Luis Gerente desactivado. Se le ha avisado por correo.'),
    ).toBeInTheDocument();
    expect(backoffice.calls('reset_second_factor')).toMatchObject([{ staffId: 'st-3', confirm: true, language: 'es' }]);
    expect(screen.queryByRole('button', { name: /Restablecer el segundo factor/ })).toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { createMockHandlers } from 'shared-api/msw';
import { i18n, initI18n, loadLanguage } from 'shared-i18n';
import { useLocation, useNavigate } from 'shared-router';
import { useToasts } from 'shared-ui/toast';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import App from '../App';

const registrationId = '6f1c1b9e-2d7a-4d0e-9a53-0c3a1f0b2e11';

// The server answers when the test says so: the visitor acts while the landing waits on it.
const waiting: (() => void)[] = [];
const server = setupServer(
  http.post('*/functions/v1/registration-handler', async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }),
  ...createMockHandlers({
    responders: { 'registration-handler:check_registration_exists_by_id': () => ({ exists: false }) },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The shell as far as the remote sees it: the language is the path's, and the header's switch navigates. */
let navigate: ReturnType<typeof useNavigate> = () => {};
function Shell() {
  const { pathname, search } = useLocation();
  navigate = useNavigate();
  return (
    <>
      <App language={pathname.startsWith('/en/') ? 'en' : 'es'} />
      <output data-testid="location">{pathname + search}</output>
    </>
  );
}

describe('the landing, while it waits on the server', () => {
  it('keeps a language switch made meanwhile: the redirect and its toast are in the new language', async () => {
    await initI18n('es');
    // Both: the visitor switches to English meanwhile.
    await Promise.all([loadLanguage('es'), loadLanguage('en')]);
    await i18n.changeLanguage('es');
    render(
      <MemoryRouter initialEntries={[`/es/alta/documentos?proceso=${registrationId}`]}>
        <Shell />
      </MemoryRouter>,
    );
    // The link names a registration this browser has no session for: the landing asks the server.
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    await act(async () => {
      await i18n.changeLanguage('en');
      navigate(`/en/signup/documents?proceso=${registrationId}`);
    });
    await act(async () => waiting[0]?.());
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/signup$/));
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Registration not found' });
  });
});

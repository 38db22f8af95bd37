import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App';
import { emptyDraft } from '../session/draft';
import { saveSessionRecord, sessionRecordKey } from '../session/session-record';
import { useDraft } from '../session/store';

// The checks' chunk does not arrive the first time (a dropped connection on a reload).
const chunk = vi.hoisted(() => ({ failures: 1 }));
vi.mock('./device-checks', async (importOriginal) => {
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new Error('chunk failed to load');
  }
  return importOriginal();
});

describe('a landing whose checks did not arrive', () => {
  beforeEach(() => {
    useDraft.getState().replace(emptyDraft());
    localStorage.clear();
  });

  it('offers Retry, which still takes up the draft typed before the reload', async () => {
    saveSessionRecord(localStorage, { ...emptyDraft(), fullName: 'Ana López' }, Date.now());
    await renderRemote(App, '/es/alta', 'es');
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Nombre completo *')).toHaveValue('Ana López');
    expect(localStorage.getItem(sessionRecordKey(null))).toContain('Ana López');
  });
});

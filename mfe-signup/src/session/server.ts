import { api } from 'shared-api';
import { refusalOf } from '../wizard/refusals';
import { type RegistrationDraft, toUpdateRegistration } from './draft';

/** Saves the whole draft to the server (`update_registration`); a draft without id stays local. */
export async function saveDraft(draft: RegistrationDraft): Promise<void> {
  if (!draft.registrationId) return;
  await api.action('registration-handler', 'update_registration', {
    ...toUpdateRegistration({ ...draft, registrationId: draft.registrationId }),
  });
}

export async function loadDraft(registrationId: string): Promise<RegistrationDraft> {
  const { registration, documents } = await api.action('registration-handler', 'get_registration_with_documents', {
    registrationId,
  });
  // Checked with the contracts' zod, which the call above has loaded.
  const { draftFromServer } = await import('./draft-from-server');
  return draftFromServer(registration, documents);
}

/** The server's answer for a locked (completed) registration, and only that one. */
export const isLocked = (error: unknown) => refusalOf(error) === 'registration_locked';

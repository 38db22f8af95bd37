import type { RegistrationDetail } from 'shared-api/backoffice';
import type { Notice } from '../notice';

/**
 * What each action panel of a registration's page is given: the registration as loaded, where the
 * outcome of a staff action is announced, and what reloads the page after a change.
 */
export interface RegistrationPanelProps {
  detail: RegistrationDetail;
  announce(notice: Notice): void;
  onChanged(): void;
}

import { backofficeActions } from 'shared-api/backoffice';
import { mockActionFunction } from 'shared-api/msw/action-mock';

/** The back-office function for component tests (see mockActionFunction). */
export const mockBackoffice = () => mockActionFunction('backoffice', backofficeActions);

export { refusal } from 'shared-api/msw/action-mock';

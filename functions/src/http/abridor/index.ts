import { abridorActions } from 'shared-api';
import { actionFunction } from '../router';
import { adminActions } from './admin';
import { authActions } from './auth';
import { doorActions } from './door';

/** The door tool's one function: every action of its contract, by the module that owns it. */
export const abridorFunction = actionFunction('abridor', abridorActions, {
  ...authActions,
  ...doorActions,
  ...adminActions,
});

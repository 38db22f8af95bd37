import { addNamespace, type Language, useTranslation } from 'shared-i18n';
import { doorResources } from './i18n';

addNamespace('door', doorResources);

/** The spec has the door tool in Spanish, in the shell and standalone alike, whatever the page language. */
export const DOOR_LANGUAGE: Language = 'es';

/** The door namespace's `t`, always in the tool's language. */
export function useDoorT() {
  return useTranslation('door', { lng: DOOR_LANGUAGE }).t;
}

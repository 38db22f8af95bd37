import type { PageId } from 'shared-i18n';
import type { RemoteName } from '../remotes/registry-schema';

/** Which remote renders each page of the route table. */
export const REMOTE_OF_PAGE: Record<PageId, RemoteName> = {
  home: 'marketing',
  hire: 'marketing',
  facilities: 'marketing',
  privacy: 'marketing',
  terms: 'marketing',
  calculator: 'calculator',
  signup: 'signup',
};

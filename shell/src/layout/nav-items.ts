import type { ParseKeys } from 'i18next';
import type { PageId } from 'shared-i18n';

/** The site navigation, the same in the header, the scroll header, the drawer and the footer. */
export const NAV_ITEMS: { page: PageId; labelKey: ParseKeys<'common'>; end?: boolean }[] = [
  { page: 'home', labelKey: 'nav.home', end: true },
  { page: 'facilities', labelKey: 'nav.facilities' },
  { page: 'calculator', labelKey: 'nav.calculator' },
  { page: 'account', labelKey: 'nav.account' },
];

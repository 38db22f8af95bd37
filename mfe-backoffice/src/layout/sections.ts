import type { StaffRole } from 'shared-api/backoffice';
import type { BackofficeSection } from '../routes';

/** The sections in the menu, in order, and who sees them (the server checks again). */
export const MENU: { section: BackofficeSection; managersOnly: boolean }[] = [
  { section: 'today', managersOnly: false },
  { section: 'registrations', managersOnly: false },
  { section: 'catalogue', managersOnly: false },
  { section: 'visits', managersOnly: false },
  { section: 'waitlist', managersOnly: false },
  { section: 'messages', managersOnly: false },
  { section: 'collections', managersOnly: true },
  { section: 'door', managersOnly: true },
  { section: 'staff', managersOnly: true },
  { section: 'audit', managersOnly: true },
  { section: 'account', managersOnly: false },
];

export const canSee = (section: BackofficeSection, role: StaffRole) =>
  role === 'manager' || !MENU.find((item) => item.section === section)?.managersOnly;

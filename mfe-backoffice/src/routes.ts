import { STAFF_RESET_SLUG } from 'shared-api/backoffice';
import { BACKOFFICE_BASE, type Language, languageFromPath, matchPath } from 'shared-i18n';

/**
 * The back-office's own sections below its base (`/gestion`, `/en/backoffice`): kept in this
 * remote, not in the shell's route table, so a release that adds a section needs no shell release.
 */
export const BACKOFFICE_SECTIONS = {
  today: { es: '', en: '' },
  registrations: { es: 'altas', en: 'registrations' },
  catalogue: { es: 'trasteros', en: 'units' },
  visits: { es: 'visitas', en: 'visits' },
  waitlist: { es: 'lista-espera', en: 'waitlist' },
  messages: { es: 'mensajes', en: 'messages' },
  collections: { es: 'cobros', en: 'collections' },
  door: { es: 'puerta', en: 'door' },
  staff: { es: 'equipo', en: 'staff' },
  audit: { es: 'registro', en: 'audit' },
  account: { es: 'cuenta', en: 'account' },
  /** A password-reset link's page (signed out; the functions service writes the link). */
  reset: STAFF_RESET_SLUG,
} as const satisfies Record<string, Record<Language, string>>;
export type BackofficeSection = keyof typeof BACKOFFICE_SECTIONS;

/** The sections one record of can be opened (`/gestion/altas/<id>`). */
const RECORDS: ReadonlySet<BackofficeSection> = new Set<BackofficeSection>(['registrations']);
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function backofficePath(lang: Language, section: BackofficeSection = 'today', id?: string): string {
  const slug = BACKOFFICE_SECTIONS[section][lang];
  const base = slug ? `${BACKOFFICE_BASE[lang]}/${slug}` : BACKOFFICE_BASE[lang];
  return id ? `${base}/${id}` : base;
}

export type BackofficeRoute = { section: BackofficeSection; id?: string } | { section: null };

/** The screen a path shows; `section: null` for a path of the back-office that names none. */
export function backofficeRoute(pathname: string): BackofficeRoute {
  const match = matchPath(pathname);
  if (match.kind !== 'backoffice') return { section: null };
  const [slug, id, ...more] = match.rest;
  if (slug === undefined) return { section: 'today' };
  const section = (Object.keys(BACKOFFICE_SECTIONS) as BackofficeSection[]).find(
    (name) => name !== 'today' && BACKOFFICE_SECTIONS[name][match.lang] === slug,
  );
  if (!section || more.length > 0) return { section: null };
  if (id === undefined) return { section };
  return RECORDS.has(section) && RECORD_ID.test(id) ? { section, id } : { section: null };
}

/** The same screen in the other language, keeping the record and the query. */
export function switchBackofficeLanguage(pathname: string, search: string, to: Language): string {
  const route = backofficeRoute(pathname);
  const target = route.section ? backofficePath(to, route.section, route.id) : BACKOFFICE_BASE[to];
  return target + search;
}

export const routeLanguage = (pathname: string): Language => languageFromPath(pathname) ?? 'es';

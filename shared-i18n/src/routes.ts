import { isLanguage, type Language, SUPPORTED_LANGUAGES } from './languages';

/**
 * The localized route table: every page of the site and its slug per language.
 * Any app builds links and switches language through this table, so no app
 * needs to know another app's paths.
 */
export const PAGES = {
  home: { es: '', en: '' },
  hire: { es: 'contratar', en: 'hire' },
  calculator: { es: 'calculadora', en: 'calculator' },
  facilities: { es: 'instalaciones', en: 'facilities' },
  signup: { es: 'alta', en: 'signup' },
  privacy: { es: 'privacidad', en: 'privacy' },
  terms: { es: 'terminos', en: 'terms' },
  /** A waitlist entry's private page: always with its token (`/es/lista-espera/<token>`). */
  waitlist: { es: 'lista-espera', en: 'waitlist' },
  /** The tenant's own account (contract, invoices, door, notice): signed in, never indexed. */
  account: { es: 'mi-cuenta', en: 'account' },
} as const satisfies Record<string, Record<Language, string>>;

export type PageId = keyof typeof PAGES;

export const SIGNUP_STEPS = {
  'client-data': { es: 'cliente', en: 'client' },
  verification: { es: 'verificacion', en: 'verification' },
  documents: { es: 'documentos', en: 'documents' },
  'service-details': { es: 'servicios', en: 'services' },
  review: { es: 'revision', en: 'review' },
} as const satisfies Record<string, Record<Language, string>>;

export type SignupStep = keyof typeof SIGNUP_STEPS;
export const SIGNUP_STEP_ORDER = Object.keys(SIGNUP_STEPS) as SignupStep[];

/** The remote that renders each page: the shell loads it, the gateway preloads its manifest. */
export const REMOTE_OF_PAGE = {
  home: 'marketing',
  hire: 'marketing',
  facilities: 'marketing',
  privacy: 'marketing',
  terms: 'marketing',
  calculator: 'calculator',
  waitlist: 'calculator',
  signup: 'signup',
  account: 'account',
  door: 'door',
  'door-login': 'door',
  backoffice: 'backoffice',
} as const satisfies Record<PageId | 'door' | 'door-login' | 'backoffice', string>;
export type RemoteName = (typeof REMOTE_OF_PAGE)[keyof typeof REMOTE_OF_PAGE];

/** The private token of a link (a waitlist entry's page): URL-safe base64 of 32 random bytes. */
export const PRIVATE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Pages of one person's (a private link's, a signed-in tenant's): never indexed, no canonical. */
export const PRIVATE_PAGES: ReadonlySet<PageId> = new Set<PageId>(['waitlist', 'account']);

/** Paths of the door tool: outside the language prefix, Spanish only. */
export const DOOR_PATHS = { app: '/abridor', login: '/abridor-login' } as const;

/**
 * The staff back-office: outside the public page table, at `/gestion` in Spanish and
 * `/en/backoffice` in English. Its sections below these are the back-office remote's own (it is
 * released alone, and this table is the shell's singleton): here only where it starts.
 */
export const BACKOFFICE_BASE = { es: '/gestion', en: '/en/backoffice' } as const satisfies Record<Language, string>;

/** Old or crossed paths that redirect to a page: `lang/slug` → target. */
const ALIASES: Record<string, { page: PageId; lang: Language }> = {
  'es/calculator': { page: 'calculator', lang: 'es' },
  'es/facilities': { page: 'facilities', lang: 'es' },
  'en/instalaciones': { page: 'facilities', lang: 'en' },
  'en/privacy-policy': { page: 'privacy', lang: 'en' },
  'en/terms-of-service': { page: 'terms', lang: 'en' },
};

/** Aliases that render their page at the alias path (the spec lists them as pages, not redirects). */
const RENDERED_ALIASES = new Set(['en/privacy-policy', 'en/terms-of-service']);

export type RouteMatch =
  | { kind: 'page'; page: PageId; lang: Language; step?: SignupStep; token?: string }
  | { kind: 'door'; page: 'door' | 'door-login' }
  /** `rest`: the path's segments below the back-office's base, for the remote to resolve. */
  | { kind: 'backoffice'; lang: Language; rest: string[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found'; lang: Language | null };

export function pathFor(page: PageId, lang: Language, step?: SignupStep, token?: string): string {
  const slug = PAGES[page][lang];
  const base = slug ? `/${lang}/${slug}` : `/${lang}`;
  if (token && page === 'waitlist') return `${base}/${token}`;
  return step && page === 'signup' ? `${base}/${SIGNUP_STEPS[step][lang]}` : base;
}

function findPage(lang: Language, slug: string): PageId | undefined {
  return (Object.keys(PAGES) as PageId[]).find((page) => PAGES[page][lang] === slug);
}

function findStep(lang: Language, slug: string): SignupStep | undefined {
  return SIGNUP_STEP_ORDER.find((step) => SIGNUP_STEPS[step][lang] === slug);
}

/** Resolves a pathname (no query) against the route table. Pure: shared by the shell and the gateway. */
export function matchPath(pathname: string): RouteMatch {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (clean === '/') return { kind: 'redirect', to: '/es' };
  if (clean === DOOR_PATHS.app) return { kind: 'door', page: 'door' };
  if (clean === DOOR_PATHS.login) return { kind: 'door', page: 'door-login' };
  if (clean === BACKOFFICE_BASE.es || clean.startsWith(`${BACKOFFICE_BASE.es}/`)) {
    return {
      kind: 'backoffice',
      lang: 'es',
      rest: clean
        .slice(BACKOFFICE_BASE.es.length + 1)
        .split('/')
        .filter(Boolean),
    };
  }

  const [first, second, third, ...rest] = clean.slice(1).split('/');
  if (!isLanguage(first)) return { kind: 'not-found', lang: null };
  const lang = first;
  if (second === undefined) return { kind: 'page', page: 'home', lang };
  if (`/${lang}/${second}` === BACKOFFICE_BASE.en) {
    return { kind: 'backoffice', lang, rest: [third, ...rest].filter((s) => s !== undefined) };
  }

  const alias = ALIASES[`${lang}/${second}`];
  if (alias && third === undefined) {
    return RENDERED_ALIASES.has(`${lang}/${second}`)
      ? { kind: 'page', page: alias.page, lang }
      : { kind: 'redirect', to: pathFor(alias.page, alias.lang) };
  }

  const page = findPage(lang, second);
  if (!page || page === 'home') return { kind: 'not-found', lang };
  if (page === 'waitlist') {
    return third !== undefined && rest.length === 0 && PRIVATE_TOKEN.test(third)
      ? { kind: 'page', page, lang, token: third }
      : { kind: 'not-found', lang };
  }
  if (third === undefined) return { kind: 'page', page, lang };
  if (page !== 'signup' || rest.length > 0) return { kind: 'not-found', lang };
  const step = findStep(lang, third);
  return step ? { kind: 'page', page, lang, step } : { kind: 'not-found', lang };
}

/**
 * Every path that renders `page`, both languages and rendered aliases: remotes build their
 * <Routes> from this, so they never spell another language's slugs themselves.
 */
export function pagePaths(page: PageId): string[] {
  if (page === 'waitlist') return SUPPORTED_LANGUAGES.map((lang) => `${pathFor(page, lang)}/:token`);
  const paths = SUPPORTED_LANGUAGES.flatMap((lang) => [
    pathFor(page, lang),
    ...(page === 'signup' ? SIGNUP_STEP_ORDER.map((step) => pathFor(page, lang, step)) : []),
  ]);
  const aliases = Object.entries(ALIASES)
    .filter(([alias, target]) => target.page === page && RENDERED_ALIASES.has(alias))
    .map(([alias]) => `/${alias}`);
  return [...paths, ...aliases];
}

/** The remote a path needs, if any (pages, the door tool and the back-office). */
export function remoteForPath(pathname: string): RemoteName | null {
  const match = matchPath(pathname);
  if (match.kind === 'backoffice') return REMOTE_OF_PAGE.backoffice;
  return match.kind === 'page' || match.kind === 'door' ? REMOTE_OF_PAGE[match.page] : null;
}

/** True when the path is served by the site (a page, the door tool or a redirect). */
export function isKnownPath(pathname: string): boolean {
  return matchPath(pathname).kind !== 'not-found';
}

/**
 * The same page in another language, keeping the sign-up step and the query.
 * Paths outside the table fall back to the other language's home.
 */
export function switchLanguagePath(pathname: string, search: string, to: Language): string {
  const match = matchPath(pathname);
  let target: string;
  if (match.kind === 'page') target = pathFor(match.page, to, match.step, match.token);
  else if (match.kind === 'redirect') {
    const redirected = matchPath(match.to);
    target = redirected.kind === 'page' ? pathFor(redirected.page, to, redirected.step) : `/${to}`;
  } else if (match.kind === 'door') return pathname + search;
  // Its sections are the remote's (it switches language itself): the other language's start.
  else if (match.kind === 'backoffice') target = BACKOFFICE_BASE[to];
  else target = `/${to}`;
  return target + search;
}

export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  if (isLanguage(first)) return first;
  // The Spanish back-office is outside the language prefix, but Spanish all the same.
  return `/${first}` === BACKOFFICE_BASE.es ? 'es' : null;
}

export { SUPPORTED_LANGUAGES };

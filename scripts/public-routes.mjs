// Every public route in both languages, as issue #11 names them (home, facilities, calculator,
// privacy, terms, not-found, sign-up entry, door): the one list that the Lighthouse bench and
// the accessibility journeys go through.
export const PUBLIC_ROUTES = [
  '/es',
  '/en',
  '/es/instalaciones',
  '/en/facilities',
  '/es/calculadora',
  '/en/calculator',
  '/es/privacidad',
  '/en/privacy',
  '/es/terminos',
  '/en/terms',
  '/es/alta',
  '/en/signup',
  '/es/no-existe',
  '/en/no-such-page',
  '/abridor',
];

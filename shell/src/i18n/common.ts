import type { NamespaceResources } from 'shared-i18n';

/** The shell's own texts (namespace `common`); each remote ships its own namespace. */
export const commonResources = {
  es: {
    brand: 'Trasteros',
    skipToContent: 'Saltar al contenido',
    nav: {
      label: 'Navegación principal',
      home: 'Inicio',
      facilities: 'Instalaciones',
      calculator: 'Calculadora',
    },
    language: { label: 'Idioma', es: 'Español', en: 'Inglés', current: 'Idioma actual: {{language}}' },
    footer: {
      quickLinks: 'Enlaces rápidos',
      legal: 'Legal',
      privacy: 'Política de privacidad',
      terms: 'Términos y condiciones',
    },
    notFound: {
      title: '404',
      subtitle: 'Página no encontrada',
      description: 'La página que buscas no existe o ha cambiado de dirección.',
      home: 'Volver al inicio',
    },
    remote: {
      loading: 'Cargando…',
      unavailable: 'Esta sección no se ha podido cargar. El resto de la web sigue funcionando.',
      retry: 'Reintentar',
    },
    toast: { close: 'Cerrar aviso' },
  },
  en: {
    brand: 'Trasteros',
    skipToContent: 'Skip to content',
    nav: {
      label: 'Main navigation',
      home: 'Home',
      facilities: 'Facilities',
      calculator: 'Calculator',
    },
    language: { label: 'Language', es: 'Spanish', en: 'English', current: 'Current language: {{language}}' },
    footer: {
      quickLinks: 'Quick links',
      legal: 'Legal',
      privacy: 'Privacy policy',
      terms: 'Terms and conditions',
    },
    notFound: {
      title: '404',
      subtitle: 'Page not found',
      description: 'The page you are looking for does not exist or has moved.',
      home: 'Back to home',
    },
    remote: {
      loading: 'Loading…',
      unavailable: 'This section could not be loaded. The rest of the site keeps working.',
      retry: 'Retry',
    },
    toast: { close: 'Dismiss notification' },
  },
} satisfies NamespaceResources;

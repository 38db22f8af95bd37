import type { NamespaceResources } from 'shared-i18n';

/** The door tool is Spanish only (spec, document 2): both languages carry the Spanish texts. */
const spanish = {
  title: 'Control de Acceso',
  subtitle: 'Abre la puerta de tu trastero con tu PIN.',
  magicLink: { title: 'Acceso con enlace', subtitle: 'Validando el enlace de acceso…' },
};

export const doorResources = { es: spanish, en: spanish } satisfies NamespaceResources;

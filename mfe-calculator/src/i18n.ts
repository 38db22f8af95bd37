import type { NamespaceResources } from 'shared-i18n';

export const calculatorResources = {
  es: {
    title: 'Calculadora de volumen',
    subtitle: 'Calcula los metros cúbicos de tus muebles y encuentra el trastero que necesitas.',
  },
  en: {
    title: 'Volume calculator',
    subtitle: 'Work out the cubic metres of your furniture and find the storage unit you need.',
  },
} satisfies NamespaceResources;

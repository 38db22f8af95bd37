import type { NamespaceResources } from 'shared-i18n';

export const marketingResources = {
  es: {
    home: {
      title: 'Trasteros y guardamuebles desde 1 euro al día',
      subtitle: 'Acceso 24 horas, trasteros climatizados a pie de calle y guardamuebles de hasta 50 m³.',
    },
    facilities: {
      title: 'Nuestras instalaciones',
      subtitle: 'Boxes, trasteros de 1 a 18 m³ y guardamuebles de hasta 50 m³.',
    },
    privacy: { title: 'Política de privacidad', updated: 'Última actualización: mayo de 2024' },
    terms: { title: 'Términos y condiciones', updated: 'Última actualización: mayo de 2024' },
  },
  en: {
    home: {
      title: 'Storage units and furniture storage from 1 euro per day',
      subtitle: '24-hour access, air-conditioned street-level units and furniture storage up to 50 m³.',
    },
    facilities: {
      title: 'Our facilities',
      subtitle: 'Boxes, storage units from 1 to 18 m³ and furniture storage up to 50 m³.',
    },
    privacy: { title: 'Privacy policy', updated: 'Last updated: May 2024' },
    terms: { title: 'Terms and conditions', updated: 'Last updated: May 2024' },
  },
} satisfies NamespaceResources;

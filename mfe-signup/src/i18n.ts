import type { NamespaceResources } from 'shared-i18n';

export const signupResources = {
  es: {
    title: 'Registro de Cliente',
    description: 'Alquila tu trastero en línea en cinco pasos.',
    steps: {
      'client-data': 'Datos del cliente',
      verification: 'Verificación',
      documents: 'Documentos',
      'service-details': 'Detalles del servicio',
      review: 'Revisión',
    },
  },
  en: {
    title: 'Client Registration',
    description: 'Rent your storage unit online in five steps.',
    steps: {
      'client-data': 'Client data',
      verification: 'Verification',
      documents: 'Documents',
      'service-details': 'Service details',
      review: 'Review',
    },
  },
} satisfies NamespaceResources;

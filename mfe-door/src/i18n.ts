import type { NamespaceResources } from 'shared-i18n';

/**
 * The door tool's texts. The spec has the tool in Spanish only, so it renders Spanish whatever the
 * page language (texts.ts); the English is kept complete beside it, key for key (the type below
 * refuses a missing one), for the day the tool follows the page language.
 */
const spanish = {
  title: 'Control de Acceso',
  subtitle: 'Abre la puerta de tu trastero con tu PIN.',
  magicLink: { title: 'Acceso con enlace', subtitle: 'Validando el enlace de acceso…' },
  session: { checking: 'Comprobando la sesión…' },
  noscript: 'El control de acceso necesita JavaScript: actívalo en el navegador.',
  keypad: {
    lockedOut: 'Acceso Bloqueado: Demasiados intentos fallidos.',
    countdown_one: 'Espere {{count}} segundo antes del próximo intento',
    countdown_other: 'Espere {{count}} segundos antes del próximo intento',
  },
  pinChange: { done: 'PIN cambiado correctamente.' },
  admin: {
    users: 'Usuarios',
    added: 'Usuario {{usuario}} añadido.',
    updated: 'Usuario {{usuario}} actualizado.',
    deleted: 'Usuario {{usuario}} eliminado.',
    rental: 'Alquiler {{code}}',
    endRental: 'Finalizar alquiler',
    endRentalLabel: 'Finalizar alquiler de {{usuario}}',
    endRentalConfirm:
      '¿Finalizar el alquiler {{code}} de {{usuario}}? Se liberan sus trasteros ({{box}}), deja de cobrarse y pierde el acceso a la puerta.',
    rentalEnded: 'Alquiler {{code}} finalizado: {{units}} libre(s); acceso de {{usuario}} revocado.',
    endRentalFailed: 'Error al finalizar el alquiler',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

const english: Texts<typeof spanish> = {
  title: 'Access Control',
  subtitle: 'Open the door of your storage unit with your PIN.',
  magicLink: { title: 'Access by link', subtitle: 'Checking the access link…' },
  session: { checking: 'Checking the session…' },
  noscript: 'Access control needs JavaScript: turn it on in the browser.',
  keypad: {
    lockedOut: 'Access Blocked: Too many failed attempts.',
    countdown_one: 'Wait {{count}} second before the next attempt',
    countdown_other: 'Wait {{count}} seconds before the next attempt',
  },
  pinChange: { done: 'PIN changed.' },
  admin: {
    users: 'Users',
    added: 'User {{usuario}} added.',
    updated: 'User {{usuario}} updated.',
    deleted: 'User {{usuario}} deleted.',
    rental: 'Rental {{code}}',
    endRental: 'End rental',
    endRentalLabel: 'End rental of {{usuario}}',
    endRentalConfirm:
      'End rental {{code}} of {{usuario}}? Their units ({{box}}) are freed, rent stops and they lose door access.',
    rentalEnded: 'Rental {{code}} ended: {{units}} free; access of {{usuario}} revoked.',
    endRentalFailed: 'Could not end the rental',
  },
};

export const doorResources = { es: spanish, en: english } satisfies NamespaceResources;

import type { CatalogueProduct } from '../schemas/products';

/** Demo catalogue for developing a remote alone; the functions service seeds its own. */
export const mockCatalogue: (CatalogueProduct & { maxM3: number; waitlistOnly: boolean })[] = [
  {
    pid: '1',
    gid: '1',
    name: 'Trastero 3 m³',
    description: 'Trastero a pie de calle, climatizado.',
    pricing: {
      EUR: { msetupfee: '0.00', monthly: '39.00', quarterly: '111.00', semiannually: '210.00', annually: '-1.00' },
    },
    stockcontrol: true,
    stocklevel: 4,
    numberProductsRequired: 1,
    maxM3: 3,
    waitlistOnly: false,
  },
  {
    pid: '2',
    gid: '1',
    name: 'Trastero 9 m³',
    description: 'Trastero a pie de calle, climatizado y vigilado 24 h.',
    pricing: {
      EUR: { msetupfee: '50.00', monthly: '79.00', quarterly: '225.00', semiannually: '426.00', annually: '804.00' },
    },
    stockcontrol: true,
    stocklevel: 1,
    numberProductsRequired: 1,
    maxM3: 9,
    waitlistOnly: false,
  },
  {
    pid: '3',
    gid: '2',
    name: 'Guardamuebles 50 m³',
    description: 'Guardamuebles en sótano.',
    pricing: {
      EUR: { msetupfee: '0.00', monthly: '199.00', quarterly: '570.00', semiannually: '1080.00', annually: '2100.00' },
    },
    stockcontrol: true,
    stocklevel: 0,
    numberProductsRequired: 1,
    maxM3: 50,
    waitlistOnly: true,
  },
];

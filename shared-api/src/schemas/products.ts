import * as z from 'zod/mini';
import { MAX_VOLUME_M3 } from './common';

/** Query of `GET products`: the spec's Spanish parameter names, kept on the wire. */
export const productsQuery = z.object({
  accion: z.literal('ListarProductos', { error: 'accion must be ListarProductos' }),
  /** Volume to fit, in m³; without it the whole catalogue is listed. */
  m3: z.optional(
    z.coerce
      .number({ error: 'm3 must be a positive number' })
      .check(z.positive({ error: 'm3 must be a positive number' }), z.lte(MAX_VOLUME_M3, { error: 'm3 is too large' })),
  ),
  listaEspera: z.optional(z.literal('si', { error: 'listaEspera must be si' })),
  /** Language of names and descriptions (the catalogue is Spanish by default). */
  lang: z.optional(z.enum(['es', 'en'], { error: 'lang must be es or en' })),
  /** The sign-up asking (its session cookie must match): units held for it count as its stock. */
  proceso: z.optional(z.uuid({ error: 'proceso must be a registration id' })),
});
export type ProductsQuery = z.infer<typeof productsQuery>;

/** Prices are decimal strings; a negative value means the period is not offered. */
const price = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const productPricing = z.object({
  msetupfee: price,
  monthly: price,
  quarterly: price,
  semiannually: price,
  annually: price,
});

export const customField = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.optional(z.string()),
  value: z.string(),
});

export const catalogueProduct = z.object({
  pid: z.union([z.string(), z.number()]),
  gid: z.union([z.string(), z.number()]),
  name: z.string(),
  description: z.string(),
  pricing: z.object({ EUR: productPricing }),
  customfields: z.optional(z.object({ customfield: z.union([customField, z.array(customField)]) })),
  stockcontrol: z.boolean(),
  stocklevel: z.number().check(z.int()),
  numberProductsRequired: z.number().check(z.int(), z.positive()),
});
export type CatalogueProduct = z.infer<typeof catalogueProduct>;

export const NO_PRODUCT_AVAILABLE = 'No hay ningún producto disponible para el tamaño requerido';

export const productsResponse = z.object({
  result: z.string(),
  products: z.optional(z.object({ product: z.union([catalogueProduct, z.array(catalogueProduct)]) })),
});
export type ProductsResponse = z.infer<typeof productsResponse>;

/** `products.product` may be one object or an array: always read it as a list. */
export function productList(response: ProductsResponse): CatalogueProduct[] {
  const product = response.products?.product;
  if (!product) return [];
  return Array.isArray(product) ? product : [product];
}

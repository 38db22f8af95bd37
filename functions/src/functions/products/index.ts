import { type CatalogueProduct, NO_PRODUCT_AVAILABLE, productsQuery, productsResponse } from 'shared-api';
import { type FunctionDefinition, parseOr400 } from '../../router';
import { loadCatalogue } from './catalogue';
import { availableStock, type Match, matchProducts } from './matching';

/** Prices travel as decimal strings with two places, as the billing system sends them. */
const money = (value: number) => value.toFixed(2);

function toCatalogueProduct({ entry, unitsRequired }: Match): CatalogueProduct {
  return {
    pid: String(entry.pid),
    gid: String(entry.gid),
    name: entry.name,
    description: entry.description,
    pricing: {
      EUR: {
        msetupfee: money(entry.setupFee),
        monthly: money(entry.monthly),
        quarterly: money(entry.quarterly),
        semiannually: money(entry.semiannually),
        annually: money(entry.annually),
      },
    },
    customfields: { customfield: [{ id: 'm3', name: 'm3', value: String(entry.sizeM3) }] },
    stockcontrol: entry.stockControl,
    stocklevel: availableStock(entry),
    numberProductsRequired: unitsRequired,
  };
}

/** GET products?accion=ListarProductos[&m3=N][&listaEspera=si][&lang=en] */
export const productsFunction: FunctionDefinition = {
  name: 'products',
  method: 'GET',
  async handle(req, ctx) {
    const query = parseOr400(productsQuery, req.query);
    const catalogue = await loadCatalogue(ctx.db, query.lang ?? 'es');
    const matches = matchProducts(catalogue, query.m3, query.listaEspera === 'si');
    return productsResponse.parse(
      matches.length
        ? { result: 'success', products: { product: matches.map(toCatalogueProduct) } }
        : { result: NO_PRODUCT_AVAILABLE },
    );
  },
};

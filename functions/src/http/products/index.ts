import { type CatalogueProduct, NO_PRODUCT_AVAILABLE, productsQuery, productsResponse } from 'shared-api';
import { availableStock, loadCatalogue, type Match, matchProducts } from '../../modules/catalogue';
import { heldForRegistration } from '../../modules/rental';
import { holdsApplicantSession } from '../../modules/sign-up';
import { claimForRegistration } from '../../modules/waitlist';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';

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

/** GET products?accion=ListarProductos[&m3=N][&listaEspera=si][&lang=en][&proceso=<registration>] */
export const productsFunction: FunctionDefinition = {
  name: 'products',
  method: 'GET',
  async handle(req, ctx, res) {
    const query = parseOr400(productsQuery, req.query);
    let catalogue = await loadCatalogue(ctx.db, query.lang ?? 'es');
    // A sign-up that took a waitlist offer sees its held units as stock (nobody else does).
    if (query.proceso && (await holdsApplicantSession(ctx.db, metaOf(req, res, ctx.config), query.proceso))) {
      const registrationId = query.proceso;
      await ctx.db.transaction((tx) => claimForRegistration(tx, ctx.clock, registrationId));
      const held = await heldForRegistration(ctx.db, registrationId);
      catalogue = catalogue.map((entry) => ({ ...entry, stock: entry.stock + (held.get(entry.pid) ?? 0) }));
    }
    const matches = matchProducts(catalogue, query.m3, query.listaEspera === 'si');
    return productsResponse.parse(
      matches.length
        ? { result: 'success', products: { product: matches.map(toCatalogueProduct) } }
        : { result: NO_PRODUCT_AVAILABLE },
    );
  },
};

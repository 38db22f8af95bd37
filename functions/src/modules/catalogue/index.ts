/** The catalogue module's public face: what other modules and the HTTP layer may use. */

export type { CatalogueEntry, Match } from './matching';
export { availableStock, MAX_UNITS, matchProducts, unitsRequired } from './matching';
export { catalogue, setPrice } from './price-list';
export { loadCatalogue } from './records';

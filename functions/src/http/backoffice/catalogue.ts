import { BACKOFFICE_PAGE_SIZE, type backofficeActions } from 'shared-api/backoffice';
import { catalogue, setPrice } from '../../modules/catalogue';
import { listUnits, setUnitService } from '../../modules/rental';
import { requireStaff } from '../../modules/staff';
import type { ActionHandlers } from '../router';

type CatalogueActions = Pick<
  typeof backofficeActions,
  'list_catalogue' | 'list_units' | 'set_price' | 'set_unit_service'
>;

/** Units and catalogue: everyone sees them; prices and a unit's service are a manager's to change. */
export const catalogueActions: ActionHandlers<CatalogueActions> = {
  async list_catalogue(_input, ctx, meta) {
    await requireStaff(ctx.db, meta);
    return { products: await catalogue(ctx.db) };
  },

  async list_units(query, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const { rows, total, page } = await listUnits(ctx.db, query);
    return { rows, total, page, pageSize: BACKOFFICE_PAGE_SIZE };
  },

  async set_price(input, ctx, meta) {
    return setPrice(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },

  async set_unit_service(input, ctx, meta) {
    return setUnitService(ctx, await requireStaff(ctx.db, meta, { role: 'manager' }), input);
  },
};

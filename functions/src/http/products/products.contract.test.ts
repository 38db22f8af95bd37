import { type CatalogueProduct, NO_PRODUCT_AVAILABLE, productList, productsResponse } from 'shared-api';
import { describe, expect, it } from 'vitest';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';

describe.each(databaseEngines())('products on $name', (engine) => {
  const served = servedOn(engine);

  const get = async (query: string) => {
    const res = await fetch(served.service.url(`products?${query}`));
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const products = async (query: string): Promise<CatalogueProduct[]> => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    return productList(productsResponse.parse(body));
  };

  it('lists the products that fit, in the spec’s shape, cheapest total first', async () => {
    const list = await products('accion=ListarProductos&m3=5');
    expect(list.map((p) => [p.pid, p.numberProductsRequired])).toEqual([
      ['204', 1],
      ['205', 1],
      ['202', 2],
      ['201', 3],
      ['203', 2],
      ['207', 1],
    ]);
    const sixCubic = list[0];
    expect(sixCubic).toMatchObject({
      name: 'Trastero 6 m³',
      pricing: {
        EUR: { msetupfee: '0.00', monthly: '95.00', quarterly: '276.00', semiannually: '523.00', annually: '1026.00' },
      },
      customfields: { customfield: [{ id: 'm3', value: '6' }] },
      stockcontrol: true,
      stocklevel: 9,
    });
  });

  it('keeps a period that is not offered as -1.00 and the box setup fee', async () => {
    const [box] = await products('accion=ListarProductos&m3=0.5');
    expect(box?.pid).toBe('101');
    expect(box?.pricing.EUR).toMatchObject({ annually: '-1.00', msetupfee: '50.00' });
  });

  it('offers out-of-stock fitting products on the waitlist only', async () => {
    const normal = await products('accion=ListarProductos&m3=9.5');
    expect(normal.map((p) => p.pid)).not.toContain('206');
    const waitlist = await products('accion=ListarProductos&m3=9.5&listaEspera=si');
    expect(waitlist.map((p) => p.pid)).toContain('206');
    for (const p of waitlist) expect(p.stocklevel).toBeLessThan(p.numberProductsRequired);
  });

  it('says so when nothing fits', async () => {
    const { body } = await get('accion=ListarProductos&m3=200');
    expect(body).toEqual({ result: NO_PRODUCT_AVAILABLE });
  });

  it('answers in English with lang=en and lists the whole catalogue without m3', async () => {
    const english = await products('accion=ListarProductos&m3=25&lang=en');
    expect(english[0]?.name).toMatch(/^Furniture storage/);
    expect(await products('accion=ListarProductos')).toHaveLength(15);
  });

  it.each(['m3=abc', 'm3=0', 'm3=-2', 'm3=', 'm3=Infinity'])('refuses %s with a JSON 400', async (bad) => {
    const { status, body } = await get(`accion=ListarProductos&${bad}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'm3 must be a positive number',
      fields: { m3: 'm3 must be a positive number' },
    });
  });

  it('refuses a wrong accion and a wrong waitlist flag', async () => {
    expect((await get('accion=Otra&m3=1')).body).toMatchObject({ error: 'accion must be ListarProductos' });
    expect((await get('accion=ListarProductos&m3=1&listaEspera=no')).status).toBe(400);
  });
});

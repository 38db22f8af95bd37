import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { CatalogueEntry } from './matching';

type Lang = 'es' | 'en';

interface ProductRow extends Record<string, unknown> {
  pid: number;
  gid: number;
  name: string;
  description: string;
  size_m3: string;
  monthly: string;
  quarterly: string;
  semiannually: string;
  annually: string;
  setup_fee: string;
  stock_control: boolean;
  stock: number;
}

/** The active catalogue, names and descriptions in `lang`. */
export async function loadCatalogue(db: Queryable, lang: Lang): Promise<CatalogueEntry[]> {
  const { rows } = await db.query<ProductRow>(sql`select pid, gid,
       case when ${lang} = 'en' then name_en else name_es end as name,
       case when ${lang} = 'en' then description_en else description_es end as description,
       size_m3::text, monthly::text, quarterly::text, semiannually::text, annually::text, setup_fee::text,
       stock_control, product_stock.stock
     from products join product_stock using (pid) where active order by pid`);
  return rows.map((row) => ({
    pid: row.pid,
    gid: row.gid,
    name: row.name,
    description: row.description,
    sizeM3: Number(row.size_m3),
    monthly: Number(row.monthly),
    quarterly: Number(row.quarterly),
    semiannually: Number(row.semiannually),
    annually: Number(row.annually),
    setupFee: Number(row.setup_fee),
    stockControl: row.stock_control,
    stock: row.stock,
  }));
}

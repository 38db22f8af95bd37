/**
 * Which storage products fit a volume: pure rules, no I/O.
 * A product of size S needs ceil(m3 / S) units; up to MAX_UNITS units may be combined.
 */
export const MAX_UNITS = 3;
const MAX_RESULTS = 6;
/** Stock assumed for a product without stock control (spec, document 2 §9). */
export const DEFAULT_STOCK = 100;

export interface CatalogueEntry {
  pid: number;
  gid: number;
  name: string;
  description: string;
  sizeM3: number;
  monthly: number;
  quarterly: number;
  semiannually: number;
  annually: number;
  setupFee: number;
  stockControl: boolean;
  stock: number;
}

export interface Match {
  entry: CatalogueEntry;
  unitsRequired: number;
}

export function availableStock(entry: CatalogueEntry): number {
  return entry.stockControl ? entry.stock : DEFAULT_STOCK;
}

/** Units of `sizeM3` needed for `m3`; the tolerance keeps 0.3 / 0.1 at 3, not 4. */
export function unitsRequired(m3: number, sizeM3: number): number {
  return Math.max(1, Math.ceil(m3 / sizeM3 - 1e-9));
}

/**
 * Normal search: products whose stock covers the units, cheapest total first, at most six.
 * Waitlist search: the products that would fit but whose stock does not cover the units.
 * Without a volume, every product counts as one unit and the normal listing is the whole catalogue.
 */
export function matchProducts(catalogue: CatalogueEntry[], m3: number | undefined, waitlist: boolean): Match[] {
  const fitting = catalogue
    .map((entry) => ({ entry, unitsRequired: m3 === undefined ? 1 : unitsRequired(m3, entry.sizeM3) }))
    .filter((match) => match.unitsRequired <= MAX_UNITS);
  const covered = (match: Match) => availableStock(match.entry) >= match.unitsRequired;
  // Without a volume the normal listing is the whole catalogue, whatever the stock.
  const chosen = fitting.filter((match) => (waitlist ? !covered(match) : m3 === undefined || covered(match)));
  const total = (match: Match) => match.unitsRequired * match.entry.monthly;
  chosen.sort((a, b) => total(a) - total(b) || a.entry.sizeM3 - b.entry.sizeM3 || a.entry.pid - b.entry.pid);
  return m3 === undefined || waitlist ? chosen : chosen.slice(0, MAX_RESULTS);
}

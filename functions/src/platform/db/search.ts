/**
 * Searching staff's lists the same way everywhere: folded text (no case, accents or spaces) and
 * LIKE patterns whose `%` and `_` typed in a search are letters, not wildcards.
 */

import { sql } from './sql';

/** What a search matches on: lower case, no accents, no spaces ("Nunez" finds "Núñez", "611 200 302" finds "611200302"). */
function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '');
}

const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuunc';
/** The same folding of a column in SQL (the same on PGlite and PostgreSQL: no extension needed). */
const folded = (column: string) =>
  sql`translate(lower(regexp_replace(coalesce(${sql.identifier(column)}, ''), '\\s+', '', 'g')), ${ACCENTED}, ${PLAIN})`;

/** A LIKE pattern of the folded search, its wildcards taken literally. */
const likePattern = (search: string) => `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `(col1 like p or col2 like p …)` on the folded columns: what a staff member typed, as a search. */
export const searchWhere = (columns: string[], search: string) => {
  const pattern = likePattern(search);
  return sql`(${sql.join(
    columns.map((column) => sql`${folded(column)} like ${pattern}`),
    ' or ',
  )})`;
};

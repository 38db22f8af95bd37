/**
 * A CSV file as spreadsheets open it: UTF-8 with a byte-order mark (Excel otherwise reads
 * "Núñez" as Latin-1), CRLF rows, fields quoted when they hold the separator, a quote or a line
 * break. A Spanish office's Excel splits on `;` (its decimal separator is the comma), an English
 * one on `,`.
 *
 * A field a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe: a
 * name typed as `=HYPERLINK(…)` by a visitor stays text on staff's computer. A phone number in
 * international form (+ and digits, nothing else: the validated shape) is written as a string
 * constant instead (`="+34600111222"`): shown as typed, with no apostrophe, and no way in for
 * anything else.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  separator: ',' | ';' = ',',
): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map((value) => field(value, separator)).join(separator)).join('\r\n')}\r\n`;
}

const PHONE = /^\+\d{6,15}$/;

function field(value: unknown, separator: ',' | ';'): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (PHONE.test(text)) return `"=""${text}"""`;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const special = separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file as spreadsheets open it: UTF-8 with a byte-order mark (Excel otherwise reads
 * "Núñez" as Latin-1), CRLF rows, fields quoted when they hold a comma, quote or line break. A
 * field a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe: a
 * name typed as `=HYPERLINK(…)` by a visitor stays text on staff's computer.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

function field(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

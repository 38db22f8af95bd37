// BENCHMARKS.md keeps the previous run's figures beside the new ones, so a regression shows: every
// figure of a table row the last report also had (same table, same first cell) is followed by the
// previous one in brackets.

const WRITTEN = /Written by `npm run bench` on ([^(]+?) UTC/;
// Always the end of a cell; its own text may hold brackets.
const BEFORE = / \(before: .*\)$/;

const cellsOf = (line) =>
  line
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
const isSeparator = (line) => /^\|[\s|:-]+\|$/.test(line);

/** Each table's rows by heading row and first cell, from a report (its own brackets left out). */
function tableRows(report) {
  const rows = new Map();
  /** @type {string | null} */
  let heading = null;
  for (const line of report.split('\n')) {
    if (!line.startsWith('|')) {
      heading = null;
      continue;
    }
    if (heading === null) heading = line;
    else if (!isSeparator(line)) {
      const cells = cellsOf(line).map((cell) => cell.replace(BEFORE, ''));
      rows.set(`${heading}\n${cells[0]}`, cells);
    }
  }
  return rows;
}

/**
 * `report` with the previous report's figures in brackets after its own, and a line saying when
 * they were measured. Cells without a digit are left as they are, notes too while unchanged.
 * @param {string} report
 * @param {string | null} previous
 */
export function withPreviousFigures(report, previous) {
  if (!previous) return report;
  const before = tableRows(previous);
  if (before.size === 0) return report;
  const when = WRITTEN.exec(previous)?.[1] ?? 'the previous run';
  /** @type {string | null} */
  let heading = null;
  const lines = report.split('\n').map((line) => {
    if (!line.startsWith('|')) {
      heading = null;
      return line;
    }
    if (heading === null) {
      heading = line;
      return line;
    }
    if (isSeparator(line)) return line;
    const cells = cellsOf(line);
    const old = before.get(`${heading}\n${cells[0]}`);
    if (!old) return line;
    const merged = cells.map((cell, i) => {
      const was = old[i];
      if (i === 0 || !was || !/\d/.test(cell)) return cell;
      // A figure always; a note (`p99 8 ms, …`) only when it changed.
      return /^[\d.]/.test(cell) || was !== cell ? `${cell} (before: ${was})` : cell;
    });
    return `| ${merged.join(' | ')} |`;
  });
  const text = lines.join('\n');
  return text.replace(
    /(Figures, not pass\/fail[^\n]*)/,
    `$1 In brackets after a figure: the previous run's, on ${when} UTC.`,
  );
}

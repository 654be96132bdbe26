/** The bench's one table, for the terminal and for bench/results/latest.md. */

export interface Row {
  what: string;
  measured: string;
  /** The same-run baseline it is compared with, if any. */
  baseline?: string;
  budget: string;
  /** true met, false missed, undefined when there is no budget (for information) or nothing to measure. */
  ok?: boolean;
}

/** A row without a budget has '—' as its budget, perhaps followed by why. */
const verdict = (row: Row) => (row.ok === undefined ? (row.budget.startsWith('—') ? 'info' : 'not measured') : row.ok ? 'met' : 'MISSED');

export function markdownTable(rows: Row[]): string {
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const lines = ['| What | Measured | Same-run baseline | Budget | Result |', '|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(
      `| ${escape(row.what)} | ${escape(row.measured)} | ${escape(row.baseline ?? '')} | ${escape(row.budget)} | ${verdict(row)} |`,
    );
  }
  return lines.join('\n');
}

export function terminalTable(rows: Row[]): string {
  const cells = rows.map((row) => [row.what, row.measured, row.baseline ?? '', row.budget, verdict(row)]);
  const header = ['What', 'Measured', 'Same-run baseline', 'Budget', 'Result'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) => cell.map((text, column) => text.padEnd(widths[column]!)).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A row label and one cell per column; cells are already formatted. */
export type TableRow = [label: string, ...cells: string[]];

/** Renders a plain-text table with right-aligned numbers, for a terminal or a CI log. */
export function formatTable(title: string, header: string[], rows: TableRow[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]): string =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  ').trimEnd();
  const rule = '-'.repeat(widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1));
  return [title, rule, line(header), rule, ...rows.map(line), rule].join('\n');
}

/** A number with thousands separators and a fixed count of decimals. */
export function num(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Bytes as MiB with one decimal. */
export function mib(bytes: number): string {
  return num(bytes / 1024 / 1024, 1);
}

/** `a / b` as "1.23x"; n/a when b is zero. */
export function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${num(a / b, 2)}x`;
}

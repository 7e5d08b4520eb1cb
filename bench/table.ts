/** A group of figures, each beside its floor measured in the same run. */
export type Table = { title: string; rows: Array<[figure: string, nubo: string, floor: string]>; floorLabel?: string };

export function printTable(table: Table) {
  const rows = [['figure', 'Nubo', table.floorLabel ?? 'floor'], ...table.rows];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(`\n${table.title}\n`);
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   '));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, resultsDir } from './paths';

/** A compact sortable stamp for file and database names: 20250101_120000 (UTC). */
export function stamp(d = new Date()): string {
  return d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
}

/** What the figures were measured on: they mean little without it. */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

export function writeResults(kind: string, at: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${kind}-${at}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

/** A plain-text table: the first `leftColumns` are text, the others right-aligned numbers. */
export function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => (n >= 100 ? String(Math.round(n)) : n.toFixed(1)),
  s: (ms: number) => (ms / 1000).toFixed(1),
};

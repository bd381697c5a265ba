// Printing aligned tables, and keeping dated rows in BENCHMARKS.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

export const BENCHMARKS = path.join(ROOT, 'BENCHMARKS.md');

export const bytes = (n) => n.toLocaleString('en-US');
export const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const today = () => new Date().toISOString().slice(0, 10);

/** Prints rows (arrays of cells) under a header, the first column left-aligned and the
 * others right-aligned. */
export function printTable(header, rows, indent = '') {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  for (const r of all) {
    const cells = r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])));
    console.log(indent + cells.join('  ').trimEnd());
  }
}

export const verdict = (ok) => (ok ? 'met' : 'NOT met');

/**
 * Keeps one row per key in the table of a `## heading` section of BENCHMARKS.md: replaces
 * the row whose first `keyCells` cells equal the new row's, or appends it. Creates the
 * section (intro text, then the table) at the end of the file when it is missing.
 */
export function upsertRow({ heading, intro, header, row, keyCells }) {
  if (process.env.NO_RECORD) return; // trial runs
  const text = readFileSync(BENCHMARKS, 'utf8');
  const lines = text.split('\n');
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) {
    const section = [`## ${heading}`, '', intro, '', line(header), line(header.map(() => '---')), line(row), ''];
    writeFileSync(BENCHMARKS, text.replace(/\n*$/, '\n\n') + section.join('\n'));
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  if (end < 0) end = lines.length;
  const key = line(row.slice(0, keyCells)).slice(0, -1); // "| a | b " without the closing bar
  const tableRows = [];
  for (let i = start; i < end; i++) if (lines[i].startsWith('|')) tableRows.push(i);
  const same = tableRows.find((i) => lines[i].startsWith(key));
  if (same !== undefined) lines[same] = line(row);
  else if (tableRows.length) lines.splice(tableRows[tableRows.length - 1] + 1, 0, line(row));
  else lines.splice(end, 0, line(header), line(header.map(() => '---')), line(row), '');
  writeFileSync(BENCHMARKS, lines.join('\n'));
}

import type { PathReport } from './crash-path.js';

/** One compact table: crash points and violations per path, then each violation with its scenario. */
export function formatReport(reports: readonly PathReport[]): string {
  const rows = reports.map((report) => [
    report.id,
    String(report.calls.length),
    String(report.crashPoints),
    String(report.violations.length),
    `${(report.ms / 1000).toFixed(1)} s`,
  ]);
  const total = reports.reduce((sum, report) => sum + report.crashPoints, 0);
  const violations = reports.reduce((sum, report) => sum + report.violations.length, 0);
  rows.push(['total', '', String(total), String(violations), '']);
  const header = ['path', 'calls', 'crash points', 'violations', 'time'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  const details = reports.flatMap((report) =>
    report.violations.map(
      (v) =>
        `${report.id}${v.k ? ` k=${v.k} ${v.moment} ${v.call?.service}.${v.call?.operation}` : ''}: ${v.problem}`,
    ),
  );
  return [line(header), ...rows.map(line), ...(details.length > 0 ? ['', ...details] : [])].join('\n');
}

import type { Drift, DriftReport, Severity } from './compare.ts';

const MARK: Record<Severity, string> = { breaking: '✗', warning: '!', info: '·' };
const ORDER: readonly Severity[] = ['breaking', 'warning', 'info'];

/** Breaking drift fails the command (exit code 1), so a backend's CI can run it. */
export function hasBreakingDrift(report: DriftReport): boolean {
  return report.drifts.some((d) => d.severity === 'breaking');
}

/** A readable report: a summary, then each call with its differences, breaking first; `infoLimit` caps the notes listed. */
export function formatDriftReport(report: DriftReport, options: { infoLimit?: number } = {}): string {
  const count = (s: Severity) => report.drifts.filter((d) => d.severity === s).length;
  const lines = [
    `Contract drift: SDK (${report.sdkCalls} calls) against the backend's ${report.backendSource} (${report.backendCalls} calls); ${report.matched} matched.`,
    `breaking ${count('breaking')} · warnings ${count('warning')} · notes ${count('info')}`,
  ];
  const infoLimit = options.infoLimit ?? 40;
  let infos = 0;
  for (const severity of ORDER) {
    const byCall = new Map<string, Drift[]>();
    for (const d of report.drifts.filter((x) => x.severity === severity)) byCall.set(d.call, [...(byCall.get(d.call) ?? []), d]);
    if (!byCall.size) continue;
    lines.push('', `${severity === 'breaking' ? 'Breaking' : severity === 'warning' ? 'Warnings' : 'Notes'}:`);
    for (const [call, drifts] of [...byCall].sort(([a], [b]) => a.localeCompare(b))) {
      if (severity === 'info' && infos >= infoLimit) continue;
      lines.push(`  ${MARK[severity]} ${call}`);
      for (const d of drifts) {
        if (severity === 'info' && ++infos > infoLimit) break;
        lines.push(`      ${d.side}${d.member ? ` ${d.member}` : ''}: ${d.message}`);
      }
    }
    if (severity === 'info' && count('info') > infoLimit) lines.push(`  … and ${count('info') - infoLimit} more notes (--all lists them)`);
  }
  if (!report.drifts.length) lines.push('', 'No drift.');
  return lines.join('\n');
}

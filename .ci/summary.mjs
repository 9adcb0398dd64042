// Prints when each turbo task of the last `turbo run --summarize` started and how long it took,
// so a slow CI run shows which task (or which wait for a free slot) the time went to; then each
// package's count of test files and tests (passed, failed, skipped), the ten slowest test files
// and the ten slowest tests across every vitest run, read from the JSON report each package's
// `test` script writes (test-results/vitest.json), and the browser suite's axe scans by file
// (tests/e2e/artifacts/axe-scans.log), and the ten browser and contract files that burned the most CPU
// (tests/test-results/cpu-by-file.jsonl, tests/support/cpu.ts). Whatever is missing
// (no run summary, a package whose suite did not run or crashed) is said and skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const s = (ms) => `${(ms / 1000).toFixed(0)} s`;
const rel = (file) => path.relative(root, file);
const out = [];

const run = latestRunSummary();
if (run) {
  const t0 = run.execution.startTime;
  const rows = run.tasks
    .filter((t) => t.execution)
    .sort((a, b) => a.execution.startTime - b.execution.startTime)
    .map(
      (t) => `| ${t.taskId} | ${s(t.execution.startTime - t0)} | ${s(t.execution.endTime - t.execution.startTime)} | ${t.execution.exitCode ?? ''} |`,
    );
  out.push('', `turbo: ${s(run.execution.endTime - t0)} in all`, '| task | started at | took | exit |', '|---|---:|---:|---:|', ...rows);
} else out.push('', `No turbo run summary in ${rel(path.join(root, '.turbo', 'runs'))}.`);

const files = [];
const tests = [];
const counts = [];
/** What failed, with the head of its message: printed last, since CI shows the tail of the output. */
const failures = [];
for (const { pkg, report } of vitestReports(run?.execution.startTime ?? 0)) {
  counts.push(
    `| ${pkg} | ${report.testResults?.length ?? 0} | ${report.numTotalTests ?? 0} | ${report.numPassedTests ?? 0} | ${report.numFailedTests ?? 0} | ${(report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)} |`,
  );
  for (const file of report.testResults ?? []) {
    const name = rel(file.name);
    if (Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
      files.push({ name, ms: file.endTime - file.startTime, status: file.status });
    for (const t of file.assertionResults ?? []) {
      if (Number.isFinite(t.duration)) tests.push({ name: `${name} › ${t.fullName ?? t.title}`, ms: t.duration, status: t.status });
      if (t.status === 'failed') failures.push({ name: `${name} › ${t.fullName ?? t.title}`, message: (t.failureMessages ?? []).join('\n') });
    }
    // A file that failed outside its tests (an import or a hook) has a message of its own.
    if (file.status === 'failed' && file.message) failures.push({ name, message: file.message });
  }
  if (!report.testResults?.length) out.push(`(${pkg}: its report lists no test file)`);
}
const top = (rows, title) => {
  if (!rows.length) return;
  const row = (r) => `| ${r.name.replaceAll('|', '\\|')} | ${(r.ms / 1000).toFixed(1)} s | ${r.status ?? ''} |`;
  out.push(
    '',
    title,
    '| where | took | status |',
    '|---|---:|---|',
    ...rows
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map(row),
  );
};
// The count of checks, so a run that lost some shows it (a skipped or todo test is counted apart).
if (counts.length)
  out.push('', 'Tests by package', '| package | files | tests | passed | failed | skipped |', '|---|---:|---:|---:|---:|---:|', ...counts);
axeScans(run?.execution.startTime ?? 0);
top(files, 'The ten slowest test files');
top(tests, 'The ten slowest tests');
cpuByFile(run?.execution.startTime ?? 0);
failed();
console.log(out.join('\n'));

/** Each failed test or file with the first lines of its message. */
function failed() {
  if (!failures.length) return;
  out.push('', `Failed: ${failures.length}`);
  for (const f of failures) {
    const lines = f.message.split('\n').filter((line) => line.trim());
    out.push(`- ${f.name}`, ...lines.slice(0, 12).map((line) => `    ${line}`), ...(lines.length > 12 ? ['    …'] : []));
  }
}

/** The browser suite's axe scans by file (tests/e2e/artifacts/axe-scans.log, a line per scan), a count of checks like the tests'. */
function axeScans(since) {
  const log = path.join(root, 'tests', 'e2e', 'artifacts', 'axe-scans.log');
  if (!existsSync(log) || statSync(log).mtimeMs < since) return out.push('', '(no axe scan log written by this run)');
  const byFile = new Map();
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const file = line.split('\t')[0];
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]).map(([file, n]) => `| ${file} | ${n} |`);
  const total = [...byFile.values()].reduce((a, b) => a + b, 0);
  out.push('', `axe scans: ${total}`, '| file | scans |', '|---|---:|', ...rows);
}

/** The tests/ files by CPU seconds (the worker's process tree, Chromium included): what a file costs, whatever the load. */
function cpuByFile(since) {
  const log = path.join(root, 'tests', 'test-results', 'cpu-by-file.jsonl');
  if (!existsSync(log) || statSync(log).mtimeMs < since) return out.push('', '(no CPU log of the browser and contract files written by this run)');
  const rows = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const total = rows.reduce((sum, r) => sum + r.cpuSeconds, 0);
  out.push(
    '',
    `The ten browser and contract files that used the most CPU (${total.toFixed(0)} CPU s over ${rows.length} files, Chromium included)`,
    '| file | CPU | wall |',
    '|---|---:|---:|',
    ...rows
      .sort((a, b) => b.cpuSeconds - a.cpuSeconds)
      .slice(0, 10)
      .map((r) => `| ${r.file} | ${r.cpuSeconds.toFixed(1)} s | ${r.wallSeconds.toFixed(1)} s |`),
  );
}

function latestRunSummary() {
  const dir = path.join(root, '.turbo', 'runs');
  if (!existsSync(dir)) return undefined;
  const [latest] = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(dir, e.name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return latest ? readJson(latest) : undefined;
}

/** Every package's vitest JSON report written since `since` (a report left by an earlier run is not this run's). */
function vitestReports(since) {
  const reports = [];
  for (const dir of workspaceDirs()) {
    const file = path.join(dir, 'test-results', 'vitest.json');
    if (!existsSync(file)) continue;
    if (statSync(file).mtimeMs < since) {
      out.push(`(${rel(dir)}: its vitest report predates this run, left out)`);
      continue;
    }
    const report = readJson(file);
    if (report) reports.push({ pkg: rel(dir), report });
  }
  return reports;
}

function workspaceDirs() {
  const dirs = [];
  for (const parent of ['apps', 'packages']) {
    const p = path.join(root, parent);
    if (existsSync(p)) for (const e of readdirSync(p, { withFileTypes: true })) if (e.isDirectory()) dirs.push(path.join(p, e.name));
  }
  for (const single of ['prisma', 'tests', 'bench']) if (existsSync(path.join(root, single))) dirs.push(path.join(root, single));
  return dirs;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    out.push(`(${rel(file)}: unreadable, ${err instanceof Error ? err.message : String(err)})`);
    return undefined;
  }
}

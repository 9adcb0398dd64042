// Prints when each turbo task of the last `turbo run --summarize` started and how long it took,
// so a slow CI run shows which task (or which wait for a free slot) the time went to.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(process.cwd(), '.turbo', 'runs');
const files = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.json'))
  .map((e) => path.join(dir, e.name))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (!files[0]) throw new Error(`No run summary in ${dir}`);
const run = JSON.parse(readFileSync(files[0], 'utf8'));
const t0 = run.execution.startTime;
const s = (ms) => `${(ms / 1000).toFixed(0)} s`;
const rows = run.tasks
  .filter((t) => t.execution)
  .sort((a, b) => a.execution.startTime - b.execution.startTime)
  .map(
    (t) => `| ${t.taskId} | ${s(t.execution.startTime - t0)} | ${s(t.execution.endTime - t.execution.startTime)} | ${t.execution.exitCode ?? ''} |`,
  );
console.log(
  ['', `turbo: ${s(run.execution.endTime - t0)} in all`, '| task | started at | took | exit |', '|---|---:|---:|---:|', ...rows].join('\n'),
);

/**
 * Export time and size of a 50-question paper (docs/architecture/speed.md, "Benchmarks"):
 * `pnpm --filter @edu/mock-server exec tsx src/papers/export/bench.ts [questions] [dir]`.
 * Prints the figures; with `dir`, also writes the files there to look at.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paperFonts } from './fonts.ts';
import { renderPaper, type PaperDocument, type PaperFormat } from './index.ts';
import { samplePaper } from './sample-paper.ts';

const questions = Number(process.argv[2] ?? 50);
const dir = process.argv[3];
const model = samplePaper(questions);
const count = model.sections.reduce((s, x) => s + x.questions.length, 0);

let t = performance.now();
await paperFonts();
console.log(`fonts loaded (once per process): ${(performance.now() - t).toFixed(0)} ms`);
console.log(`paper of ${count} questions in ${model.sections.length} sections`);
const RUNS = 5;
for (const format of ['pdf', 'docx'] satisfies PaperFormat[]) {
  for (const document of ['paper', 'answers', 'answerSheet'] satisfies PaperDocument[]) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      const file = await renderPaper(model, format, document);
      times.push(performance.now() - t);
      size = file.bytes.length;
      if (dir && i === 0) await writeFile(join(dir, `${document}-${count}.${format}`), file.bytes);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${format.padEnd(4)} ${document.padEnd(11)} size ${(size / 1024).toFixed(1).padStart(6)} KiB  min ${times[0]?.toFixed(0)} ms, median ${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms (of ${RUNS})`,
    );
  }
}

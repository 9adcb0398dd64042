import { createRequire } from 'node:module';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS } from './browser.ts';

declare global {
  interface Window {
    /** axe-core, once `axeScan` injected it. */
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.0/2.1 A and AA rules plus axe's best practices (landmarks, one h1). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** Serious and critical violations always fail; these moderate ones were fixed and must not come back. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];
export const BLOCKING_MODERATE_RULES: readonly string[] = ['landmark-one-main', 'page-has-heading-one', 'region'];

export interface Finding {
  page: string;
  rule: string;
  impact: ImpactValue | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface FileScans {
  /** Every finding (all impacts), for the before/after report. */
  findings: Finding[];
  scanned: string[];
  axeMs: number;
}

/**
 * Every scan of the run, one line each (test file, label), appended by every
 * worker: the count of axe scans is measured, not estimated, and a change that
 * loses scans shows in .ci/summary.mjs. Emptied when a run starts (clearScanLog).
 */
export const SCAN_LOG = path.join(ARTIFACTS, 'axe-scans.log');

/** Empties the scan log; tests' global setup calls it once per run. */
export function clearScanLog(): void {
  rmSync(SCAN_LOG, { force: true });
}

/** By test file: a worker runs many files and keeps this module between them (support/worker.ts). */
const byFile = new Map<string, FileScans>();

/** The scans of the test file running now. */
function thisFile(): FileScans {
  const file = expect.getState().testPath ?? '';
  let scans = byFile.get(file);
  if (!scans) byFile.set(file, (scans = { findings: [], scanned: [], axeMs: 0 }));
  return scans;
}

/** Waits until no CSS animation or transition runs (a dialog half faded in reads as low contrast). */
export async function animationsDone(page: Page): Promise<void> {
  await page
    // Endless ones (spinners, skeleton pulses) never finish: only those that end are awaited.
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Runs axe-core on the page as it is now; records and returns the violations. */
export async function axeScan(page: Page, label: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  await animationsDone(page);
  const started = Date.now();
  const results = await page.evaluate(
    (tags) => {
      if (!window.axe) throw new Error('axe-core is not loaded');
      return window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    },
    [...AXE_TAGS],
  );
  const scans = thisFile();
  scans.axeMs += Date.now() - started;
  const found = results.violations.map((v: Result) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(' '),
      html: n.html.slice(0, 160),
      summary: (n.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
    })),
  }));
  scans.scanned.push(label);
  scans.findings.push(...found);
  mkdirSync(ARTIFACTS, { recursive: true });
  appendFileSync(SCAN_LOG, `${path.basename(expect.getState().testPath ?? '')}\t${label}\n`);
  return found;
}

export const isBlocking = (f: Finding) => (f.impact !== null && BLOCKING_IMPACTS.includes(f.impact)) || BLOCKING_MODERATE_RULES.includes(f.rule);

/** Human-readable lines: page, rule, impact, each target with axe's summary. */
export function describeFindings(list: readonly Finding[]): string {
  return list
    .map((f) => `[${f.page}] ${f.rule} (${f.impact}) ${f.help}\n${f.nodes.map((n) => `    ${n.target} ${n.html} :: ${n.summary}`).join('\n')}`)
    .join('\n');
}

/** Scans and returns the blocking findings (serious, critical, or a fixed moderate rule), printing them. */
export async function a11yProblems(page: Page, label: string): Promise<Finding[]> {
  const blocking = (await axeScan(page, label)).filter(isBlocking);
  if (blocking.length) console.warn(describeFindings(blocking));
  return blocking;
}

/** Node counts by rule (and the pages each rule hit), for docs/decisions.md. */
export function summarize(list: readonly Finding[] = thisFile().findings): { rule: string; impact: string; nodes: number; pages: number }[] {
  const byRule = new Map<string, { impact: string; nodes: number; pages: Set<string> }>();
  for (const f of list) {
    const r = byRule.get(f.rule) ?? { impact: f.impact ?? '', nodes: 0, pages: new Set<string>() };
    r.nodes += f.nodes.length;
    r.pages.add(f.page);
    byRule.set(f.rule, r);
  }
  return [...byRule].map(([rule, r]) => ({ rule, impact: r.impact, nodes: r.nodes, pages: r.pages.size })).sort((a, b) => b.nodes - a.nodes);
}

/** Writes tests/e2e/artifacts/<name>.json (every finding) and prints the table by rule. */
export function writeA11yReport(name: string): void {
  const { scanned, findings, axeMs } = thisFile();
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, `${name}.json`), JSON.stringify({ scanned, summary: summarize(findings), findings }, null, 2));
  const rows = summarize(findings).map((r) => `| ${r.rule} | ${r.impact} | ${r.nodes} | ${r.pages} |`);
  console.log(
    [`axe: ${scanned.length} scans, ${Math.round(axeMs / 1000)} s in axe`, '| rule | impact | nodes | pages |', '|---|---|---:|---:|', ...rows].join(
      '\n',
    ),
  );
}

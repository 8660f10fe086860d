/**
 * The coverage report of the browser walk: test-results/paths/coverage.json and index.html, per
 * machine the states and transitions covered in jsdom (the model test's generated paths, all of
 * them, counted again here with the same pathCoverage) and in chromium (the paths walked and
 * passed), and every browser path with its steps. Not a test file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Coverage } from '../../machines/coverage';
import { REPO_ROOT } from '../../helpers/product';
import type { PathRecord } from './walk';

export const REPORT_DIR = path.join(REPO_ROOT, 'test-results', 'paths');

export interface MachineReport {
  machine: string;
  generatedPaths: number;
  selectedPaths: number;
  jsdom: Coverage;
  browser: Coverage;
  /** Transitions that cannot be made real in a browser, with the reason. */
  notReal: Record<string, string>;
  paths: PathRecord[];
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const pct = (a: number, b: number) => (b === 0 ? '100' : ((100 * a) / b).toFixed(0));

function missing(c: Coverage): string[] {
  return [
    ...c.states.filter((s) => !c.coveredStates.includes(s)).map((s) => `state ${s}`),
    ...c.transitions.filter((t) => !c.coveredTransitions.includes(t)).map((t) => `transition ${t}`),
  ];
}

function machineHtml(m: MachineReport): string {
  const row = (side: string, c: Coverage) =>
    `<tr><th scope="row">${side}</th><td>${c.coveredStates.length}/${c.states.length} (${pct(c.coveredStates.length, c.states.length)}%)</td>` +
    `<td>${c.coveredTransitions.length}/${c.transitions.length} (${pct(c.coveredTransitions.length, c.transitions.length)}%)</td></tr>`;
  const gaps = missing(m.browser);
  const paths = m.paths
    .map(
      (p) =>
        `<li class="${p.ok ? 'ok' : 'fail'}"><p>${p.ok ? 'passed' : 'FAILED'} in ${(p.ms / 1000).toFixed(1)} s: ${esc(p.description)}</p>` +
        (p.error ? `<pre>${esc(p.error)}</pre>` : '') +
        `<ol>${p.steps.map((s) => `<li>${esc(s.event)} → <code>${esc(s.state)}</code>${s.how ? ` <em>(${esc(s.how)})</em>` : ''}</li>`).join('')}</ol></li>`,
    )
    .join('\n');
  return `<section><h2>${esc(m.machine)}</h2>
<p>${m.generatedPaths} generated paths; ${m.selectedPaths} walked in chromium (greedy set cover of states and transitions).</p>
<table><thead><tr><th></th><th scope="col">States</th><th scope="col">Transitions</th></tr></thead><tbody>${row('jsdom', m.jsdom)}${row('chromium', m.browser)}</tbody></table>
${gaps.length > 0 ? `<h3>Not walked in chromium</h3><ul>${gaps.map((g) => `<li>${esc(g)}${m.notReal[g] ? `: ${esc(m.notReal[g])}` : ''}</li>`).join('')}</ul>` : ''}
<h3>Browser paths</h3><ol>${paths}</ol></section>`;
}

export function writeReport(machines: MachineReport[], timing: { productStartMs: number; suiteMs: number }): void {
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const written = new Date().toISOString();
  fs.writeFileSync(path.join(REPORT_DIR, 'coverage.json'), JSON.stringify({ written, timing, machines }, null, 2));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Machine paths: jsdom and chromium</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1rem 2rem;color:#1a1a1a}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .6rem;text-align:left}
.ok>p{color:#05610f}.fail>p{color:#a00000;font-weight:bold}pre{white-space:pre-wrap;background:#f4f4f4;padding:.4rem}code{font-size:12px}</style></head>
<body><h1>Machine paths walked in jsdom and in chromium</h1><p>Written ${esc(written)}. Product start ${(timing.productStartMs / 1000).toFixed(0)} s; whole suite ${(timing.suiteMs / 1000).toFixed(0)} s.</p>
<table><thead><tr><th scope="col">Machine</th><th scope="col">jsdom states</th><th scope="col">jsdom transitions</th><th scope="col">chromium states</th><th scope="col">chromium transitions</th><th scope="col">Paths walked</th></tr></thead><tbody>
${machines
  .map(
    (m) =>
      `<tr><td>${esc(m.machine)}</td><td>${m.jsdom.coveredStates.length}/${m.jsdom.states.length}</td><td>${m.jsdom.coveredTransitions.length}/${m.jsdom.transitions.length}</td>` +
      `<td>${m.browser.coveredStates.length}/${m.browser.states.length}</td><td>${m.browser.coveredTransitions.length}/${m.browser.transitions.length}</td><td>${m.paths.filter((p) => p.ok).length}/${m.paths.length} passed</td></tr>`,
  )
  .join('\n')}</tbody></table>
${machines.map(machineHtml).join('\n')}</body></html>`;
  fs.writeFileSync(path.join(REPORT_DIR, 'index.html'), html);
}

/**
 * The machines' generated paths (the same models as the jsdom tests in tests/machines/), walked
 * in Debian's chromium against one real product started for the whole suite: for each machine
 * the shortest set of paths that goes through every state and transition (select.ts), each
 * event a real click, key or answer, each state a check on the page. Writes
 * test-results/paths/index.html and coverage.json (report.ts). Issue #20.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathCoverage } from '../../machines/coverage';
import { launchBrowser } from '../../helpers/browser';
import type { RunningProduct } from '../../helpers/product';
import { sharedProduct } from '../../helpers/sharedProduct';
import { writeReport, type MachineReport } from './report';
import { selectCover } from './select';
import type { MachineWalker } from './types';
import { deployWalker } from './walkers/deploy';
import { loginWalker } from './walkers/login';
import { paginationWalker } from './walkers/pagination';
import { searchWalker } from './walkers/search';
import { sendWalker } from './walkers/send';
import { sessionWalker } from './walkers/session';
import { signupWalker } from './walkers/signup';
import { verifyWalker } from './walkers/verify';
import { walletCreateWalker } from './walkers/walletCreate';
import { walletImportWalker } from './walkers/walletImport';
import { writeContractWalker } from './walkers/writeContract';

const ALL: MachineWalker[] = [
  loginWalker,
  signupWalker,
  sessionWalker,
  walletCreateWalker,
  walletImportWalker,
  sendWalker,
  verifyWalker,
  paginationWalker,
  deployWalker,
  writeContractWalker,
  searchWalker,
];
// PATHS_MACHINES=login,session walks only those (while working on one machine's walk).
const only = process.env.PATHS_MACHINES?.split(',').map((s) => s.trim());
const WALKERS = only ? ALL.filter((w) => only.includes(w.machine.id)) : ALL;

let product: RunningProduct;
let browser: Browser;
const run = Date.now().toString(36);
const reports: MachineReport[] = [];

const timing = { productStartMs: 0, suiteStartedAt: Date.now() };

beforeAll(async () => {
  const started = Date.now();
  // The run's shared product (tests/helpers/sharedProduct.ts): its per-address log-in limit is
  // raised, as every walk logs in from loopback (the 429 is tested in tests/server/auth).
  product = await sharedProduct();
  timing.productStartMs = Date.now() - started;
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  writeReport(reports, { ...timing, suiteMs: Date.now() - timing.suiteStartedAt });
  await browser?.close();
}, 60_000);

for (const walker of WALKERS) {
  const { machine } = walker;
  const generated = walker.paths();
  const selected = selectCover(machine, walker.browserPaths?.() ?? generated);
  const report: MachineReport = {
    machine: machine.id,
    generatedPaths: generated.length,
    selectedPaths: selected.paths.length,
    jsdom: pathCoverage(machine, generated),
    browser: pathCoverage(machine, []),
    notReal: walker.notReal ?? {},
    paths: [],
  };
  reports.push(report);

  describe(`${machine.id}: ${selected.paths.length} of ${generated.length} generated paths in chromium`, () => {
    selected.paths.forEach((path, n) => {
      it(`path ${n + 1}`, async () => {
        const rec = await walker.walk({ browser, product, tag: `p${n + 1}-${machine.id}-${run}` }, path);
        // By the path's index, not pushed: a retry (vitest's retry) replaces its failed try, which
        // the record keeps in its description, and the coverage below reads path i at index i.
        const before = report.paths[n];
        if (before && !before.ok) rec.description += ` (after a failed try: ${before.error ?? 'no error recorded'})`;
        report.paths[n] = rec;
        report.browser = pathCoverage(
          machine,
          selected.paths.filter((_p, i) => report.paths[i]?.ok),
        );
        expect(rec.error ?? '', rec.description).toBe('');
      });
    });

    it('walked every state and transition in chromium', () => {
      const walked = selected.paths.filter((_p, i) => report.paths[i]?.ok);
      report.browser = pathCoverage(machine, walked);
      const gaps = [
        ...report.browser.states.filter((s) => !report.browser.coveredStates.includes(s)),
        ...report.browser.transitions.filter((t) => !report.browser.coveredTransitions.includes(t)),
      ];
      expect(gaps.filter((g) => !(`transition ${g}` in report.notReal))).toEqual([]);
    });
  });
}

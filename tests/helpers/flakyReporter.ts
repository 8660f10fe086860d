/**
 * Prints every test that passed only on a retry (the e2e projects retry a failed test once:
 * vitest.config.ts), with the error its failed try threw, as one `FLAKY` line each; `.ci/run`
 * repeats those lines with the failures at the end of its output. A retry that hides a flake
 * would otherwise leave no trace in a green run.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const error = testCase.result().errors?.[0];
    const why = error ? `: ${error.message.split('\n')[0]}` : '';
    const file = relative(process.cwd(), testCase.module.moduleId);
    process.stdout.write(
      `FLAKY ${testCase.project.name} ${file} > ${testCase.fullName} (passed after ${diagnostic.retryCount} retry)${why}\n`,
    );
  }
}

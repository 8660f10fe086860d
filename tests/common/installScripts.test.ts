/**
 * Issue #38, defect 8: `npm ci` on a fresh machine warned "install scripts not yet covered by
 * allowScripts: esbuild". The repository's package.json settles every dependency's install script
 * (npm 11's `allowScripts`), so npm has nothing left to ask about. Asked of npm itself
 * (`npm approve-scripts --allow-scripts-pending` is read-only), against the installed tree; the
 * shipped suite (tests/shipped) checks the output of a whole `npm ci` in a clean clone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/product';

it('no dependency has an install script left unreviewed by allowScripts', () => {
  const out = execFileSync('npm', ['approve-scripts', '--allow-scripts-pending'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: 'pipe' });
  expect(out.trim()).toBe('No packages with unreviewed install scripts.');
});

it('every package of the lockfile with an install script has an allowScripts entry', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript === true)
    .map(([where]) => where.replace(/^.*node_modules\//, ''));
  expect(withScripts.length).toBeGreaterThan(0);
  const allowed = Object.keys(pkg.allowScripts ?? {}).map((k) => k.replace(/(.)@.*$/, '$1'));
  expect(withScripts.filter((name) => !allowed.includes(name))).toEqual([]);
});

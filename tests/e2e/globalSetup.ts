/**
 * Once per run of the e2e project: build dist/ (what `npm run build` does) unless it is newer
 * than every SPA source, and fail early, with the fix, when Debian's chromium is missing. At the
 * end of the run: stop the shared product, if a file started one (tests/helpers/sharedProduct.ts).
 */
import { chromiumPath } from '../helpers/browser';
import { ensureDistBuilt } from '../helpers/distBuild';
import { stopSharedProduct } from '../helpers/sharedProduct';

export default function setup(): () => Promise<void> {
  chromiumPath();
  const started = Date.now();
  const how = ensureDistBuilt();
  console.log(`e2e: dist/ ${how === 'built' ? `built in ${Date.now() - started} ms` : 'up to date, reused'}`);
  return () => stopSharedProduct();
}

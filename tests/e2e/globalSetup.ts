/**
 * Once per run of the e2e project: build dist/ (what `npm run build` does) unless it is newer
 * than every SPA source, fail early, with the fix, when Debian's chromium is missing, and make
 * the folder of the run's slots (tests/helpers/e2eSlots.ts: two files at a time, some alone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../helpers/browser';
import { ensureDistBuilt } from '../helpers/distBuild';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of this run's e2e slots (tests/helpers/e2eSlots.ts). */
    e2eSlotsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  chromiumPath();
  const started = Date.now();
  const how = ensureDistBuilt();
  console.log(`e2e: dist/ ${how === 'built' ? `built in ${Date.now() - started} ms` : 'up to date, reused'}`);
  const slots = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-e2e-slots-'));
  project.provide('e2eSlotsDir', slots);
  return () => fs.rmSync(slots, { recursive: true, force: true });
}

/**
 * Setup file of the e2e project (vitest.config.ts): each browser test file first takes its slot
 * (e2eSlots.ts): shared with one other file, or alone for the files that time the product. The
 * slot is given back after the file's own afterAll hooks (they stop its product).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { runsAlone, takeSlot } from './e2eSlots';

let release: (() => void) | null = null;

beforeAll(async () => {
  const file = expect.getState().testPath;
  if (!file) throw new Error('e2e slot: vitest gave no test file path');
  const alone = runsAlone(file);
  const asked = Date.now();
  release = await takeSlot(inject('e2eSlotsDir'), alone);
  const at = new Date().toISOString().slice(11, 19);
  console.log(`e2e slot: ${path.basename(file)} ${alone ? 'alone' : 'shared'} at ${at}, waited ${Date.now() - asked} ms`);
}, 3_600_000);

afterAll(() => {
  release?.();
  release = null;
});

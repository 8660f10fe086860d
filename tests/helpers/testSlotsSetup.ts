/**
 * Setup file of the node, dom and e2e projects (vitest.config.ts): each test file first takes its
 * slot (testSlots.ts): shared with the other files running, or alone for the files that assert a
 * time bound. The slot is given back after the file's own afterAll hooks (they stop its processes).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runsAlone, slotsDir, takeSlot } from './testSlots';
import { cpuMark, recordCpu, type CpuMark } from './testCpu';

let release: (() => void) | null = null;
// Taken as the setup file loads, before the test file's own imports (often seconds of CPU).
const started: CpuMark = cpuMark();

beforeAll(async () => {
  const file = expect.getState().testPath;
  if (!file) throw new Error('test slot: vitest gave no test file path');
  const alone = runsAlone(file);
  const asked = Date.now();
  release = await takeSlot(slotsDir(), alone);
  const waited = Date.now() - asked;
  const at = new Date().toISOString().slice(11, 19);
  if (alone || waited > 1_000) console.log(`test slot: ${path.basename(file)} ${alone ? 'alone' : 'shared'} at ${at}, waited ${waited} ms`);
}, 3_600_000);

afterAll(() => {
  const file = expect.getState().testPath;
  if (file) recordCpu(file, started);
  release?.();
  release = null;
});

/**
 * Secrets that cannot be left unsafe (issue #45): a JWT_SECRET or METRICS_TOKEN equal to a
 * placeholder the repository ships, or a JWT_SECRET under 32 bytes, stops the start with a message.
 * The placeholders are read from the shipped files themselves, so a new example value is covered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');

function shippedValues(name: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else for (const m of fs.readFileSync(p, 'utf8').matchAll(new RegExp(`^#?\\s*${name}=(\\S+)`, 'gm'))) out.push(m[1]!);
    }
  };
  walk(path.join(ROOT, 'deploy'));
  return out;
}

describe('JWT_SECRET', () => {
  it('refuses every placeholder the repository ships', () => {
    const values = shippedValues('JWT_SECRET');
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(() => loadConfig({ JWT_SECRET: v }), v).toThrow(/JWT_SECRET is a placeholder/);
    expect(() => loadConfig({ JWT_SECRET: 'change-me-please-to-something-long-enough-0123' })).toThrow(/placeholder/);
  });

  it('refuses a secret under 32 bytes and names the length', () => {
    expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(31) })).toThrow('JWT_SECRET must be at least 32 bytes, got 31');
  });

  it('takes 32 bytes or more, and none (the product then generates one)', () => {
    expect(loadConfig({ JWT_SECRET: ` ${'k'.repeat(32)} ` }).auth.jwtSecret).toBe('k'.repeat(32));
    expect(loadConfig({}).auth.jwtSecret).toBeNull();
  });
});

describe('METRICS_TOKEN', () => {
  it('refuses a shipped placeholder', () => {
    for (const v of ['CHANGE-ME-64-random-characters', ...shippedValues('METRICS_TOKEN')]) {
      expect(() => loadConfig({ METRICS_TOKEN: v }), v).toThrow(/METRICS_TOKEN/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'changeme-changeme-changeme' })).toThrow(/placeholder/);
  });
});

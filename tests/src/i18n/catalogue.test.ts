/**
 * Issue #21: every text declared with defineTexts has a non-empty Hindi message, every Hindi
 * message has an English source, and each one compiles with the arguments its text can give.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { textSources } from '../../../common/i18n/texts';
import { flattenCatalogue } from '../../../src/lib/i18n/catalogueFiles';

const root = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Modules that declare texts (they call defineTexts), imported so that their namespaces register. */
const declaring = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'common'))].filter(
  (f) => !f.includes(`${path.sep}i18n${path.sep}`) && fs.readFileSync(f, 'utf8').includes('defineTexts('),
);

function readHindi(): Map<string, string> {
  const dir = path.join(root, 'src/locales/hi');
  const files: Record<string, unknown> = {};
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    files[name] = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  }
  return new Map(flattenCatalogue(files));
}

interface SourceText {
  id: string;
  english: string | ((...args: never[]) => unknown);
}

function walk(prefix: string, value: unknown, out: SourceText[]): void {
  if (typeof value === 'string' || typeof value === 'function') out.push({ id: prefix, english: value as SourceText['english'] });
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) walk(`${prefix}.${key}`, inner, out);
  }
}

/** The argument names a compiled message uses ({0}, {0, number}, {from}, plural/select arguments). */
function argumentsOf(compiled: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(compiled)) {
    if (
      typeof compiled[0] === 'string' &&
      compiled.length >= 1 &&
      compiled.length <= 3 &&
      (compiled.length === 1 || typeof compiled[1] === 'string')
    ) {
      // a placeholder token: [name] or [name, format] or [name, format, options]
    }
    for (const part of compiled) {
      if (Array.isArray(part) && typeof part[0] === 'string') {
        found.add(part[0]);
        if (part[2] && typeof part[2] === 'object') {
          for (const branch of Object.values(part[2] as Record<string, unknown>)) argumentsOf(branch, found);
        }
      } else argumentsOf(part, found);
    }
  }
  return found;
}

describe('the Hindi catalogue', async () => {
  for (const file of declaring) await import(/* @vite-ignore */ file);
  const texts: SourceText[] = [];
  for (const [ns, source] of textSources()) walk(ns, source, texts);
  const hindi = readHindi();

  it('finds the modules that declare texts', () => {
    expect(declaring.length).toBeGreaterThan(0);
    expect(texts.length).toBeGreaterThan(0);
  });

  it('has a non-empty Hindi message for every English text', () => {
    const missing = texts.filter((t) => !(hindi.get(t.id) ?? '').trim()).map((t) => t.id);
    expect(missing).toEqual([]);
  });

  it('has no Hindi message without an English text', () => {
    const ids = new Set(texts.map((t) => t.id));
    expect([...hindi.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('compiles every Hindi message, using only the arguments its text gives', () => {
    const wrong: string[] = [];
    for (const t of texts) {
      const message = hindi.get(t.id);
      if (!message) continue;
      let args: Set<string>;
      try {
        args = argumentsOf(compileMessage(message));
      } catch (err) {
        wrong.push(`${t.id}: does not compile (${(err as Error).message})`);
        continue;
      }
      const arity = typeof t.english === 'function' ? t.english.length : 0;
      for (const name of args) {
        const position = /^\d+$/.test(name) ? Number(name) : null;
        const ok = position !== null ? position < arity : arity === 1;
        if (!ok) wrong.push(`${t.id}: uses {${name}}, which its text (${arity} argument(s)) does not give`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

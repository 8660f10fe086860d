/**
 * Every text the SPA shows is declared with defineTexts, the spec's texts in common/spec.ts too:
 *
 *   export const BLOCK_TEXTS = defineTexts('blocks.texts', { listCaption: 'Blocks', txCount: (n: number) => `…` });
 *
 * The object passed is the English source, kept letter for letter. What comes back has the same
 * shape and type; reading a text (`BLOCK_TEXTS.listCaption`, `BLOCK_TEXTS.txCount(3)`) gives the
 * English source while English is active and, in another language, Lingui's translation
 * (`i18n._(id, values)`, src/lib/i18n/hiCatalogue.ts) of the message id `<namespace>.<key path>`, or the
 * English when that message is missing. So a
 * text must be read while rendering, not copied into a module-level constant.
 *
 * A text function's arguments are the message's values: `{0}`, `{1}` … by position, and when its
 * one argument is a plain object, also by that object's keys (`{from}`).
 */
/** A loaded catalogue: Lingui's translation of a message id (src/lib/i18n/hiCatalogue.ts). */
export interface Translator {
  has(id: string): boolean;
  translate(id: string, values?: Record<string, unknown>): string;
}

let active: Translator | null = null;

/** Set by the SPA's language switch (src/lib/i18n/locale.ts); null while English, the source, is active. */
export function setActiveTranslator(translator: Translator | null): void {
  active = translator;
}

function activeTranslator(): Translator | null {
  return active;
}

const sources = new Map<string, object>();

type TextFunction = (...args: never[]) => unknown;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function valuesOf(args: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  args.forEach((arg, i) => {
    values[String(i)] = arg;
  });
  if (args.length === 1 && isPlainObject(args[0])) Object.assign(values, args[0]);
  return values;
}

/** The active translator when it has this message; null in English or when the message is missing. */
function translatorFor(id: string): Translator | null {
  const translator = activeTranslator();
  if (!translator) return null;
  return translator.has(id) ? translator : null;
}

function localize(prefix: string, source: object): object {
  const out: Record<string, unknown> = Array.isArray(source) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(source)) {
    const id = `${prefix}.${key}`;
    if (typeof value === 'string') {
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => translatorFor(id)?.translate(id) ?? value,
      });
    } else if (typeof value === 'function') {
      const english = value as TextFunction;
      const translated = (...args: never[]) => {
        const translator = translatorFor(id);
        return translator ? translator.translate(id, valuesOf(args)) : english(...args);
      };
      Object.defineProperty(out, key, { enumerable: true, value: translated });
    } else if (value !== null && typeof value === 'object') {
      Object.defineProperty(out, key, { enumerable: true, value: localize(id, value as object) });
    } else {
      // numbers, booleans, null: not texts, kept as they are
      Object.defineProperty(out, key, { enumerable: true, value });
    }
  }
  return Object.freeze(out);
}

function isViteDevServer(): boolean {
  // import.meta.env exists only where Vite transforms the module (the SPA, vitest); the server's build leaves it undefined.
  return (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';
}

export function defineTexts<T extends object>(namespace: string, source: T): T {
  if (!/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/.test(namespace)) {
    throw new Error(`defineTexts: namespace "${namespace}" must be "<catalogue file>.<part>", e.g. "blocks.texts"`);
  }
  // Vite's dev server evaluates a changed texts module again (hot reload); anywhere else a second definition is a mistake.
  if (sources.has(namespace) && !isViteDevServer()) throw new Error(`defineTexts: namespace "${namespace}" is defined twice`);
  sources.set(namespace, source);
  return localize(namespace, source) as T;
}

/**
 * Plain data properties (kept as they are, e.g. a tab's `?tab=` slug 'Logs') beside declared texts
 * (still read in the active language): `withData({ tab: 'Logs' } as const, defineTexts('ui.logs', { … }))`.
 */
export function withData<D extends object, T extends object>(data: D, texts: T): D & T {
  return Object.freeze(Object.defineProperties({ ...data }, Object.getOwnPropertyDescriptors(texts))) as D & T;
}

/** Every declared namespace with its English source (the catalogue test walks these). */
export function textSources(): ReadonlyMap<string, object> {
  return sources;
}

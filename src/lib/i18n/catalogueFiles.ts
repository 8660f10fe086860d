/** Catalogue JSON files → [message id, message] pairs (shared by the loader and the catalogue test). */

/** `{ '../../locales/hi/blocks.json': { texts: { listCaption: '…' } } }` → `['blocks.texts.listCaption', '…']`. */
export function flattenCatalogue(files: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (typeof value === 'string') out.push([prefix, value]);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(`${prefix}.${key}`, inner);
    }
  };
  for (const [file, content] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(file)?.[1];
    if (name) walk(name, content);
  }
  return out;
}

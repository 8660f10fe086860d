/**
 * Joins data that is not text (tab names, which the URL's ?tab= slug and the screens compare) with
 * defineTexts objects, keeping the texts' getters so that each text is still read while rendering
 * (a spread would copy today's language once). Issue #21, rules 2 and 3 of the i18n guide.
 */
export function withData<D extends object, T extends object>(data: D, texts: T): D & T {
  const joined = Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(data), ...Object.getOwnPropertyDescriptors(texts) },
  ) as D & T;
  return Object.freeze(joined);
}

/** Waits until `url` answers 2xx (a server starting), polling every 200 ms; throws after `ms`. */
export async function waitForOk(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What the deploy and writeContract walks share (not a test file): looking ahead on a path for
 * the outcome a step must prepare, and chromium's network switch with the memory of a drop (the
 * failed requests a drop causes are then expected, not problems).
 */
import type { AnyEventObject } from 'xstate';
import type { PathLike } from '../../../machines/coverage';
import type { PathPage } from '../page';

export const isError = (e: AnyEventObject | null | undefined) => e?.type.startsWith('xstate.error.') === true;
export const actorEvent = (id: string) => (e: AnyEventObject) => e.type.endsWith(`.actor.${id}`);
export const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first event after step `i` passing `test`; none once an event passing `stop` comes first. */
export function nextStep(
  path: PathLike,
  i: number,
  test: (e: AnyEventObject) => boolean,
  stop: (e: AnyEventObject) => boolean = () => false,
): AnyEventObject | null {
  for (let k = i + 1; k < path.steps.length; k++) {
    const e = path.steps[k]?.event as AnyEventObject;
    if (stop(e)) return null;
    if (test(e)) return e;
  }
  return null;
}

export interface NetSwitch {
  offline: boolean;
  /** True once the walk took the network down. */
  dropped: boolean;
  down(): Promise<void>;
  up(): Promise<void>;
}

export function netSwitch(pp: PathPage): NetSwitch {
  const net: NetSwitch = {
    offline: false,
    dropped: false,
    down: async () => {
      await pp.offline(true);
      net.offline = net.dropped = true;
    },
    up: async () => {
      if (net.offline) await pp.offline(false);
      net.offline = false;
    },
  };
  return net;
}

/** A browser problem a walk expects: requests failing after a drop, the refusals the path asked for. */
export function expectedProblem(net: NetSwitch, refusals: RegExp): (p: string) => boolean {
  return (p) =>
    (net.dropped && /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load|dynamically imported module/i.test(p)) || refusals.test(p);
}

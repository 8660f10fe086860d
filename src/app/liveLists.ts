/**
 * The reader's half of the live lists pushed as changes (common/api/liveLists.ts,
 * docs/decisions.md#live-pushes-carry-changes): one subscription's whole lists, kept from the
 * channel's answers (whole lists) and pushes (changes merged into the lists held), so every
 * listener still gets whole lists and the RTK caches fed from them need not know. Changes to lists
 * it does not hold (a push missed while the tab slept, a push that overtook the answer it asked
 * for) make it ask for the whole lists again; until they come, further changes are dropped.
 */
import { applyLivePayload, type LiveListRequest, type LiveVersion } from '../../common/api/liveLists';

/** Changes dropped while an answer was awaited after which it asks again (the answer is taken as lost). */
const ASK_AGAIN_AFTER = 2;

export interface LiveListReader<P> {
  /** Give it each payload of the channel's update event. */
  receive(payload: P): void;
  /** Call when the whole lists were asked for (on connect). */
  asked(): void;
}

/**
 * `deliver` gets the whole lists after each answer or push that leaves them known; `ask` asks the
 * channel for the whole lists (emits the request).
 */
export function liveListReader<P extends LiveVersion>(
  request: LiveListRequest,
  deliver: (lists: P) => void,
  ask: () => void,
): LiveListReader<P> {
  let held: P | null = null;
  let awaiting = false;
  let dropped = 0;
  const asked = () => {
    awaiting = true;
    dropped = 0;
  };
  return {
    asked,
    receive(payload) {
      const lists = applyLivePayload(request, held, payload);
      if (lists === null) {
        dropped += 1;
        if (!awaiting || dropped >= ASK_AGAIN_AFTER) {
          asked();
          ask();
        }
        return;
      }
      if (payload.since === undefined) awaiting = false;
      if (lists === held) return;
      held = lists;
      deliver(lists);
    },
  };
}

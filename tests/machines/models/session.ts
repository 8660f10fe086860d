/**
 * The session machine's model (not a test file): the tokens, the events and the generated paths
 * (plus the valid token's own timer), shared by the jsdom model test
 * (tests/machines/sessionMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import { getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { sessionMachine, type SessionEvent } from '../../../src/machines/sessionMachine';
import { modelOf } from '../modelOf';

export const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
export const jwt = (exp: number) => `${part({ alg: 'HS256' })}.${part({ email: 'ann@example.com', iat: 1, exp })}.sig`;
export const now = Math.floor(Date.now() / 1000);
export const VALID = jwt(now + 3600);
export const EXPIRED = jwt(now - 60);

export const SESSION_EVENTS = [
  { type: 'session.refresh', token: null },
  { type: 'session.refresh', token: 'not-a-jwt' },
  { type: 'session.refresh', token: EXPIRED },
  { type: 'session.refresh', token: VALID },
  { type: 'session.logout' },
  { type: 'alert.dismiss' },
] as SessionEvent[];

// Coverage is counted on the machine the paths were generated from (timers as plain events).
export const sessionModelMachine = modelOf(sessionMachine);
/**
 * The generated paths; `filterEvents` (the browser walk's) leaves out the events a screen does
 * not offer in a state, so every path it generates can be walked there.
 */
export function sessionPaths(filterEvents?: (state: AnyMachineSnapshot, event: SessionEvent) => boolean) {
  const model = createTestModel(sessionModelMachine, {
    events: SESSION_EVENTS,
    input: { token: null },
    ...(filterEvents ? { filterEvents } : {}),
  });
  // A valid token's timer firing leads back to `valid` (not yet expired): a state the shortest
  // paths already reach, so that transition gets its own path.
  // getPathsFromEvents stops short of it (its replay leaves `checking` unresolved), so the
  // step is appended to the shortest path into `valid` with the machine's own next snapshot.
  const shortest = model.getShortestPaths();
  const toValid = shortest.find((p) => p.state.matches('valid'));
  if (!toValid) throw new Error('no path reaches valid');
  const timerFired = { type: 'xstate.after.untilExpiry.session.valid' } as unknown as SessionEvent;
  const afterTimer = getNextSnapshot(sessionModelMachine, toValid.state, timerFired);
  return [...shortest, { ...toValid, steps: [...toValid.steps, { state: afterTimer, event: timerFired }], state: afterTimer }];
}

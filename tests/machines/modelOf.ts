/**
 * modelOf (not a test file; kept free of DOM imports so the browser walk in tests/e2e/paths/ can
 * use it in node too): the machine as createTestModel can walk it.
 */
import { createMachine, type AnyStateMachine } from 'xstate';

type StateConfig = Record<string, unknown> & {
  states?: Record<string, StateConfig>;
  invoke?: unknown;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

function withoutInvoke(state: StateConfig, id: string): StateConfig {
  const { invoke, states, on, after, ...rest } = state;
  const out: StateConfig = { ...rest };
  const handlers: Record<string, unknown> = { ...(on ?? {}) };
  for (const inv of (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as { id?: string; onDone?: unknown; onError?: unknown }[]) {
    if (!inv.id) throw new Error('give every invoke an id: the model names its done / error events after it');
    if (inv.onDone) handlers[`xstate.done.actor.${inv.id}`] = inv.onDone;
    if (inv.onError) handlers[`xstate.error.actor.${inv.id}`] = inv.onError;
  }
  for (const [delay, t] of Object.entries(after ?? {})) handlers[`xstate.after.${delay}.${id}`] = t;
  if (Object.keys(handlers).length > 0) out.on = handlers;
  if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, withoutInvoke(v, `${id}.${k}`)]));
  return out;
}

/**
 * The machine as createTestModel can walk it (it refuses invocations and delays): each invoke
 * becomes plain transitions on its done / error events, each `after` plain transitions on its
 * xstate.after.<delay>.<state id> event, with the same guards, actions and targets, so the
 * paths it generates are paths of the real machine (pathCoverage replays them on the real one).
 */
export function modelOf<M extends AnyStateMachine>(machine: M): M {
  const config = withoutInvoke(machine.config as unknown as StateConfig, machine.id);
  return createMachine(config as never).provide(machine.implementations as never) as unknown as M;
}

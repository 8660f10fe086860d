/**
 * Path coverage of a machine (temporary copy: the shared helper lands with the machines issue
 * and replaces this file at merge; the API is the same).
 *
 *   const cov = pathCoverage(machine, paths, { input });
 *   reportCoverage(cov); // prints, and throws unless every state and transition was covered
 *
 * How: each path's events (its steps, after xstate.init) are replayed on a real actor of the
 * machine whose invoked actors never settle (the paths carry their done / error events), with
 * inspection on; every microstep's transitions and every state node active in any microstep
 * count as covered, so transient states (eventless `always`) count too. The whole machine is
 * enumerated from its state nodes: all states, and every transition definition (events,
 * delayed, invoke done / error, eventless).
 */
import { createActor, fromPromise, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject } from 'xstate';

export interface Coverage {
  machineId: string;
  states: string[];
  coveredStates: string[];
  transitions: string[];
  coveredTransitions: string[];
}

interface PathLike {
  steps: ReadonlyArray<{ event: EventObject }>;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const evented = [...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat();
  return [...evented, ...((node.always as AnyTransitionDefinition[] | undefined) ?? [])];
}

/** Source, event, guard, targets and position among the source's alternatives for that event. */
function label(t: AnyTransitionDefinition): string {
  const targets = t.target?.map((n) => n.id).join(',') ?? '(self)';
  const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : typeof t.guard === 'object' && t.guard !== null && 'type' in t.guard ? String(t.guard.type) : 'guard'}]` : '';
  const siblings = t.eventType ? (t.source.transitions as Map<string, AnyTransitionDefinition[]>).get(t.eventType) ?? [] : (t.source.always as AnyTransitionDefinition[] | undefined) ?? [];
  const position = siblings.findIndex((s) => s === t || (s.guard === t.guard && s.target?.[0] === t.target?.[0]));
  return `${t.source.id} --${t.eventType || '(always)'}${guard}--> ${targets} #${position}`;
}

export function pathCoverage(machine: AnyStateMachine, paths: ReadonlyArray<PathLike>, opts: { input?: unknown } = {}): Coverage {
  const nodes = allNodes(machine.root);
  const stateIds = nodes.filter((n) => n !== machine.root).map((n) => n.id);
  const defs = nodes.flatMap(transitionsOf);

  // Invoked actors never settle: the paths deliver their outcomes as events.
  const silent = Object.fromEntries(Object.keys(machine.implementations.actors).map((k) => [k, fromPromise(() => new Promise<never>(() => {}))]));
  const replayable = machine.provide({ actors: silent });

  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    const actor = createActor(replayable, {
      ...(opts.input === undefined ? {} : { input: opts.input }),
      inspect: (ev) => {
        if (ev.type !== '@xstate.microstep' && ev.type !== '@xstate.snapshot') return;
        const snap = ev.snapshot as unknown as { _nodes?: AnyStateNode[] };
        for (const n of snap._nodes ?? []) if (n !== machine.root) seenStates.add(n.id);
        if (ev.type === '@xstate.microstep') for (const t of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) seenTransitions.add(label(t));
      },
    });
    actor.start();
    for (const step of path.steps) {
      if (step.event.type === 'xstate.init') continue;
      actor.send(step.event);
    }
    actor.stop();
  }
  return {
    machineId: machine.id,
    states: stateIds,
    coveredStates: stateIds.filter((id) => seenStates.has(id)),
    transitions: defs.map(label),
    coveredTransitions: defs.map(label).filter((l) => seenTransitions.has(l)),
  };
}

/** Prints the figures; throws naming what is missing unless states and transitions are all covered. */
export function reportCoverage(cov: Coverage): void {
  const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 1000) / 10);
  console.log(`${cov.machineId}: states ${cov.coveredStates.length}/${cov.states.length} (${pct(cov.coveredStates.length, cov.states.length)}%), transitions ${cov.coveredTransitions.length}/${cov.transitions.length} (${pct(cov.coveredTransitions.length, cov.transitions.length)}%)`);
  const missingStates = cov.states.filter((s) => !cov.coveredStates.includes(s));
  const missingTransitions = cov.transitions.filter((t) => !cov.coveredTransitions.includes(t));
  if (missingStates.length > 0 || missingTransitions.length > 0) {
    throw new Error(`${cov.machineId} not fully covered:\n  states: ${missingStates.join(', ') || '-'}\n  transitions:\n    ${missingTransitions.join('\n    ') || '-'}`);
  }
}

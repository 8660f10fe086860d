/**
 * Path coverage of a state machine by generated test paths: which of its states and of its
 * transitions (every guarded branch, `after` delay, actor done/error and eventless `always`
 * transition counts as its own transition) the paths go through. Shared by every machine's
 * model test; not a test file.
 *
 * Why `createMachineTestModel` beside xstate/graph's `createTestModel`: `createTestModel`
 * refuses any machine with an invoked actor or an `after` delay ("Invocations on test machines
 * are not supported", validateMachine in xstate 5.33's graph module), and every flow machine of
 * this app has both. The graph traversal itself handles them fine when their events are given
 * explicitly (`xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>`,
 * `xstate.after.<ms>.<state id>`), which is what a model test does: it resolves the stubbed
 * network call or advances the clock in that step. So this builds the same `TestModel` with
 * createTestModel's options, minus the refusal, and keys the traversal by the transitions
 * taken so that the shortest paths reach every transition once, not every context value.
 */
import {
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
  getMicrosteps,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  initialTransition,
  transition,
  type ActorLogic,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, getStateNodes, type StatePath, type TestModelOptions, type TestParam, type TestPathResult } from 'xstate/graph';

export interface PathLike {
  steps: ReadonlyArray<{ state: AnyMachineSnapshot; event: AnyEventObject }>;
  state: AnyMachineSnapshot;
}

export interface Coverage {
  machineId: string;
  states: string[];
  coveredStates: string[];
  transitions: string[];
  coveredTransitions: string[];
}

function guardName(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function eventName(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]}ms`;
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} ${done[2]}`;
  return eventType;
}

function nodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Every transition definition of the machine, with a readable, unique name. */
function transitionNames(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const names = new Map<AnyTransitionDefinition, string>();
  for (const node of nodesOf(machine)) {
    const groups: AnyTransitionDefinition[][] = [...node.transitions.values()];
    if (node.always) groups.push(node.always);
    for (const group of groups) {
      group.forEach((t, i) => {
        const guard = guardName(t.guard);
        const targets = t.target && t.target.length > 0 ? t.target.map((n) => n.id).join(', ') : '(stays)';
        const branch = group.length > 1 ? ` #${i + 1}` : '';
        names.set(t, `${node.id} --${eventName(t.eventType)}${guard ? ` [${guard}]` : ''}${branch}--> ${targets}`);
      });
    }
  }
  return names;
}

const nodeIds = (s: AnyMachineSnapshot): string[] => (s._nodes as AnyStateNode[]).map((n) => n.id);

/**
 * The transitions `event` takes from `prev`, eventless ones that follow included (an `always`
 * transition is recognised by its source being active and its targets being entered).
 */
export function transitionsTaken(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [...machine.getTransitionData(prev, event)];
  const micro = getMicrosteps(machine, prev, event).map(([s]) => s as AnyMachineSnapshot);
  for (let i = 1; i < micro.length; i++) {
    const before = micro[i - 1] as AnyMachineSnapshot;
    const after = new Set(nodeIds(micro[i] as AnyMachineSnapshot));
    for (const node of before._nodes as AnyStateNode[]) {
      const t = (node.always ?? []).find((c) => (c.target ?? []).every((n) => after.has(n.id)));
      if (t) {
        taken.push(t);
        break;
      }
    }
  }
  return taken;
}

/** States and transitions of `machine` that `paths` go through. */
export function pathCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ state: AnyMachineSnapshot; event: AnyEventObject }>; state: AnyMachineSnapshot }>,
): Coverage {
  const names = transitionNames(machine);
  const states = getStateNodes(machine.root).map((n) => n.id);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const visit = (s: AnyMachineSnapshot) => nodeIds(s).forEach((id) => seenStates.add(id));

  for (const path of paths) {
    path.steps.forEach((step, i) => {
      visit(step.state);
      const prev = path.steps[i - 1]?.state;
      if (!prev) return;
      for (const [s] of getMicrosteps(machine, prev, step.event)) visit(s as AnyMachineSnapshot);
      for (const t of transitionsTaken(machine, prev, step.event)) {
        const name = names.get(t);
        if (name) seenTransitions.add(name);
      }
    });
    visit(path.state);
  }
  const transitions = [...names.values()];
  return {
    machineId: machine.id,
    states,
    coveredStates: states.filter((s) => seenStates.has(s)),
    transitions,
    coveredTransitions: transitions.filter((t) => seenTransitions.has(t)),
  };
}

/** Prints `coverage <id>: states a/b, transitions c/d`; throws, listing the gaps, below 100%. */
export function reportCoverage(cov: Coverage): void {
  console.log(
    `coverage ${cov.machineId}: states ${cov.coveredStates.length}/${cov.states.length}, transitions ${cov.coveredTransitions.length}/${cov.transitions.length}`,
  );
  const states = cov.states.filter((s) => !cov.coveredStates.includes(s));
  const transitions = cov.transitions.filter((t) => !cov.coveredTransitions.includes(t));
  if (states.length > 0 || transitions.length > 0) {
    throw new Error(
      `coverage ${cov.machineId} is incomplete:\n` +
        states
          .map((s) => `  state not covered: ${s}`)
          .concat(transitions.map((t) => `  transition not covered: ${t}`))
          .join('\n'),
    );
  }
}

type MachineModelOptions<M extends AnyStateMachine> = Partial<TestModelOptions<SnapshotFrom<M>, EventFromLogic<M>, unknown>> & {
  /**
   * The part of the context that guards depend on, in a few words (e.g. "empty term"): added to
   * each vertex so that states reached with a context that opens another branch are kept apart.
   */
  contextKey?: (context: SnapshotFrom<M> extends { context: infer C } ? C : never) => string;
};

/**
 * A TestModel over `machine` (see the file comment): `events` gives the concrete events to try
 * (a list or a function of the snapshot), as for createTestModel; events that would take no
 * transition are skipped; a vertex of the traversal is "the state value reached and the transitions this
 * step took" (context left out), so `getShortestPaths()` yields a path to each transition from
 * each state it can be taken in, without enumerating context values.
 */
export function createMachineTestModel<M extends AnyStateMachine>(machine: M, options: MachineModelOptions<M> = {}) {
  type S = SnapshotFrom<M>;
  type E = EventFromLogic<M>;
  const names = transitionNames(machine);
  const { events: given, filterEvents: alsoFilter, contextKey, ...rest } = options;
  // The traversal serializes each snapshot more than once, the second time with a different
  // `prev` of the same vertex; the first answer (from its real predecessor) is the one that counts.
  const keys = new WeakMap<object, string>();
  // The cast only widens the machine's input type, which the model never uses (it starts from
  // options.input like createTestModel).
  return new TestModel<S, E, unknown>(machine as unknown as ActorLogic<S, E, unknown>, {
    serializeState: (state: S, event: E | undefined, prev?: S) => {
      const known = keys.get(state);
      if (known !== undefined) return known;
      const snap = state as AnyMachineSnapshot;
      const where = `${JSON.stringify(snap.value)}${contextKey ? ` (${contextKey(snap.context as never)})` : ''}`;
      const key =
        !event || !prev
          ? `initial ${where}`
          : `${where} via ${transitionsTaken(machine, prev as AnyMachineSnapshot, event)
              .map((t) => names.get(t) ?? '?')
              .join(' + ')}`;
      keys.set(state, key);
      return key;
    },
    stateMatcher: (state: S, key: string) => {
      const s = state as AnyMachineSnapshot;
      return key.startsWith('#') ? s._nodes.includes(machine.getStateNodeById(key)) : s.matches(key);
    },
    events: (state: S) => {
      const list: readonly E[] = typeof given === 'function' ? given(state) : (given ?? []);
      return ownEventTypes(state).flatMap((type) => {
        const matching = list.filter((e) => e.type === type);
        return matching.length > 0 ? matching : [{ type } as E];
      });
    },
    filterEvents: (state: S, event: E) =>
      machine.getTransitionData(state as AnyMachineSnapshot, event).length > 0 && (alsoFilter?.(state, event) ?? true),
    ...rest,
  });
}

export interface MachinePath<M extends AnyStateMachine> extends StatePath<SnapshotFrom<M>, EventFromLogic<M>> {
  description: string;
  /** Runs the path with TestModel.testPath: each event's exec, then the state's checks. */
  test: (params: TestParam<SnapshotFrom<M>, EventFromLogic<M>>) => Promise<TestPathResult>;
}

/**
 * The shortest paths to every transition, each replayed from the initial state so that every
 * step's snapshot is the one its events really produce (the traversal merges vertices reached
 * with different contexts, so its own snapshots along a path may come from another route).
 */
export function machinePaths<M extends AnyStateMachine>(machine: M, options: MachineModelOptions<M> = {}): MachinePath<M>[] {
  type S = SnapshotFrom<M>;
  type E = EventFromLogic<M>;
  const model = createMachineTestModel(machine, options);
  // Pure steps: no action runs and no actor starts (xstate's transition / initialTransition).
  const logic = machine as AnyStateMachine;
  return model.getShortestPaths().map((planned) => {
    const events = planned.steps.slice(1).map((s) => s.event);
    let [state] = initialTransition(logic, options.input);
    const steps: { state: S; event: E }[] = [{ state: state as S, event: { type: 'xstate.init' } as E }];
    for (const event of events) {
      [state] = transition(logic, state, event);
      steps.push({ state: state as S, event });
    }
    const path: StatePath<S, E> = { state: state as S, steps, weight: events.length };
    const trail = events.map((e) => JSON.stringify(e)).join(' → ');
    return {
      ...path,
      description: `reaches ${JSON.stringify(state.value)} by ${trail || '(start)'}`,
      test: (params) => model.testPath(path, params),
    };
  });
}

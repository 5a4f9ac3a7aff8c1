import type { Problem } from '../model/problem.js';
import type { PushDistances } from '../geometry/push-distances.js';
import type { CallPoint, CallShapes } from './detector-shapes.js';
import { DetectorLists } from './detector-lists.js';
import { CorralDeadlocks, type CorralLimits } from './corral-deadlocks.js';
import { FixedGoalMatching } from './fixed-goal-matching.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import { GrownCorralPruning } from './grown-corral-pruning.js';
import { LocalSearchDeadlocks } from './local-search-deadlocks.js';
import { MatchingDeadlocks } from './matching-deadlocks.js';
import { PiCorralPruning } from './pi-corral-pruning.js';
import { RetrogradeDeadlocks } from './retrograde-deadlock.js';
import { RoomDeadlocks, type RoomSearchLimits } from './room-deadlocks.js';

/**
 * Every deadlock detector and pruner of the solver, in one table: what each proves, why that is
 * sound, when it applies, which engines use it and at which points of their search it is called
 * (`calls`, the shapes of detector-shapes.ts). An engine asks `detectorListsFor` once per level
 * and calls one list per shape in its hot loop (detector-lists.ts); a detector that does not
 * apply is left out. The table's order is the order of the calls: cheapest first.
 *
 * Adding a detector: write its class in this folder, implementing the shape of each point it is
 * called at, and add its row here; the engines do not change. Its name is also the engines'
 * config switch for it (`roomDeadlocks: false`). (Dead cells, a box that can never reach a goal,
 * are not here: they come with the push distances in planning/analysis.ts and every engine skips
 * pushes onto them.)
 */

/** The engines that take their detectors from this table. */
export type EngineName = 'push-search' | 'feature-search';

/** The points of its search at which each engine calls its lists. */
export const ENGINE_CALLS: Readonly<Record<EngineName, readonly CallPoint[]>> = {
  // Push tests on each child, whole-board tests when a position is expanded, pruning.
  'push-search': ['afterPush', 'onBoard', 'pruning'],
  'feature-search': ['afterPush', 'afterWalk', 'onBoard', 'atStart', 'pruning'],
};

/** What detectors are built from: one engine's search of one level. */
export interface DetectorContext {
  readonly problem: Problem;
  /** Dead cells of forward pushing. */
  readonly dead: Uint8Array;
  /** Push distances of a lone box, forward (planning/analysis.ts). */
  readonly distances: PushDistances;
  /** The engine's board (1 where a box stands), for detectors that read it in place. */
  readonly boxAt: Uint8Array;
  /** The search pulls boxes back from the goals instead of pushing them. */
  readonly backward: boolean;
  /** The search keeps exact player squares (it counts moves): rules that only keep push counts do not apply. */
  readonly exactPlayer: boolean;
  /** How far the corral searches may go (corral-deadlocks.ts's default where absent). */
  readonly corralLimits?: CorralLimits;
  /** How large the room searches may be (room-deadlocks.ts's default where absent). */
  readonly roomLimits?: RoomSearchLimits;
}

/** A class that has the shape of every call point in `Points` (one method each). */
type ShapedFor<Points extends CallPoint> = UnionToIntersection<CallShapes[Points]>;
type UnionToIntersection<Union> = (Union extends unknown ? (each: Union) => void : never) extends (all: infer Both) => void ? Both : never;

export interface DetectorEntry<Points extends CallPoint = CallPoint, Detector = object> {
  /** The points of a search at which it is called; its class has the shape of each. */
  readonly calls: readonly Points[];
  /** Whether an engine uses it where its config does not say (config switch: the entry's name). */
  readonly byDefault: 'on' | 'off';
  /** deadlock: the position can never be solved. pruning: some of its pushes need not be searched. */
  readonly kind: 'deadlock' | 'pruning';
  readonly proves: string;
  readonly soundBecause: string;
  readonly engines: readonly EngineName[];
  /** The conditions under which the proof holds. */
  readonly appliesTo: (context: DetectorContext) => boolean;
  readonly create: (context: DetectorContext) => Detector;
}

const entry = <Points extends CallPoint, Detector extends ShapedFor<Points>>(e: DetectorEntry<Points, Detector>): DetectorEntry<Points, Detector> => e;

export const DETECTORS = {
  freezeDeadlocks: entry({
    calls: ['afterPush'],
    byDefault: 'on',
    kind: 'deadlock',
    proves:
      'a box that can move along neither axis, held by walls, dead cells or other such boxes, stays put for ever; when such a group holds a box off a goal the position is lost',
    soundBecause: 'a box held on both axes can never be pushed again, and a box that never moves never reaches a goal',
    engines: ['push-search', 'feature-search'],
    // With spare boxes (all-goals) a box may rest off a goal; pulls free boxes rather than freeze them.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, boxAt }) => new FreezeDeadlocks(problem, dead, boxAt),
  }),
  matchingDeadlocks: entry({
    calls: ['afterPush', 'atStart'],
    byDefault: 'on',
    kind: 'deadlock',
    proves: 'the boxes cannot each be given a goal of their own that a lone box pushed from its square could reach',
    soundBecause:
      'in a solution every box ends on a different goal, and the pushes that take it there are pushes of a lone box too (other boxes only ever stand in the way), so they fit its push distances',
    // The push search has it already: its matching bound is infeasible on exactly these boards.
    engines: ['feature-search'],
    // Only when every box needs a goal; pulls are not pushes.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, distances }) => new MatchingDeadlocks(problem, distances),
  }),
  retrogradeDeadlocks: entry({
    calls: ['onBoard'],
    byDefault: 'on',
    kind: 'deadlock',
    proves:
      'with the boxes that can never move taken as walls, some goal that is empty now keeps its box to the end in every pull from the solved position, so it can never be filled',
    soundBecause: 'pulling from the solved position with the player anywhere over-approximates every way a goal can be emptied; a goal no pull can empty must already hold its box',
    engines: ['feature-search', 'push-search'],
    // Pushes are not pulls; and with spare goals or boxes "every goal keeps a box" is not the end.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && problem.goals.length === problem.initialBoxes.length && !backward,
    create: ({ problem, dead }) => new RetrogradeDeadlocks(problem, dead),
  }),
  fixedGoalMatching: entry({
    calls: ['afterWalk'],
    byDefault: 'off',
    kind: 'deadlock',
    proves:
      'after a push leaves its box fixed on a goal, the boxes that can still move cannot each be given a goal of its own that no fixed box holds and that it can reach, pushed alone, with the fixed boxes as walls',
    soundBecause:
      'fixed boxes never move again, so they are walls; taking the other boxes off and letting the player start on any side only widens where a box can go, so a box set no matching serves cannot all come home',
    engines: ['feature-search'],
    // Every box needs a goal of its own, one per goal; pulls are not pushes.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && problem.goals.length === problem.initialBoxes.length && !backward,
    create: ({ problem, dead }) => new FixedGoalMatching(problem, dead),
  }),
  corralDeadlocks: entry({
    calls: ['afterWalk'],
    byDefault: 'on',
    kind: 'deadlock',
    proves:
      'an area the player cannot reach, holding unfinished work, whose fence boxes (alone on the board, each taken off once pushed out of the area and the squares around it) can never leave no box off a goal there; with a second search, also one whose fence can never stand on goals all at once',
    soundBecause:
      'taking the other boxes off only makes room, so what the fence alone cannot do the real position cannot either; in a solution every box ends on a goal, and its pushes of the fence boxes, those that leave the zone dropped, are pushes of the search; a sub-search cut short says nothing',
    engines: ['feature-search'],
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, corralLimits }) => new CorralDeadlocks(problem, dead, corralLimits),
  }),
  localSearchDeadlocks: entry({
    calls: ['afterWalk'],
    byDefault: 'on',
    kind: 'deadlock',
    proves:
      'the pushed box and the few boxes near it, alone on the board with the player in its area there, can never all stand on goals at once, as a small exhaustive search over their pushes shows',
    soundBecause:
      'taking boxes off only makes pushing easier, so a solution of the whole position pushes the kept boxes home too; boxes pushed out of the window are taken off, which relaxes further; only an exhausted search proves, one cut short by its cap says nothing',
    engines: ['feature-search'],
    // "All of these boxes on goals" is the end only when every box needs a goal; pulls are not pushes.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, distances }) => new LocalSearchDeadlocks(problem, dead, distances.nearest),
  }),
  roomDeadlocks: entry({
    calls: ['afterWalk'],
    byDefault: 'on',
    kind: 'deadlock',
    proves:
      "after a box move ends in one of FESS's rooms, the boxes on that room's squares and just outside it, alone on the board, can neither push a box off the room's squares nor all stand on goals, as a small exhaustive search over their pushes shows",
    soundBecause:
      "taking boxes off only makes pushing easier, so a solution of the whole position makes the kept boxes' pushes on the cut-out board too, until its first push of a box out of the room, or to the end where they all stand on goals; only an exhausted search proves, one cut short by its cap says nothing",
    engines: ['feature-search'],
    // "All of these boxes on goals" is an end only when every box needs a goal; pulls are not pushes.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, roomLimits }) => new RoomDeadlocks(problem, dead, roomLimits),
  }),
  // Before corralPruning: the first pruner that restricts a position decides alone, and this one's corrals are the smaller.
  grownCorralPruning: entry({
    calls: ['pruning'],
    byDefault: 'off',
    kind: 'pruning',
    proves:
      'when a corral grown from one unreachable area (taking in the areas its fence pushes need) holds work, no fence box can be pushed along the fence, and the player can make every push into it now, only the moves of the boxes with such a push need be searched',
    soundBecause:
      'the corral stays closed until a fence box moves; that first push cannot come from inside nor go along the fence, so it goes into the corral, and it can be made first; it keeps no push count, so the search over features only',
    engines: ['feature-search'],
    appliesTo: ({ backward }) => !backward,
    create: ({ problem, dead }) => new GrownCorralPruning(problem, dead),
  }),
  corralPruning: entry({
    calls: ['pruning'],
    byDefault: 'on',
    kind: 'pruning',
    proves: 'when the fence of an unfinished corral can only be pushed into it and the player can make each of those pushes now, only those pushes need be searched',
    soundBecause:
      'some push into that corral comes first in every solution, and making it first changes no push count; walking distances may change, so not for move-optimal search nor for the fewest moves among push-optimal solutions',
    engines: ['push-search', 'feature-search'],
    appliesTo: ({ backward, exactPlayer }) => !backward && !exactPlayer,
    create: ({ problem, dead }) => new PiCorralPruning(problem, dead),
  }),
};

export type DetectorName = keyof typeof DETECTORS;

/** A table of detectors: DETECTORS, or one with rows added (a test's, an experiment's). */
export type DetectorRegistry = Readonly<Record<string, DetectorEntry<CallPoint, object>>>;

/** Which detectors an engine uses, by registry name; an absent name takes the entry's byDefault. */
export type DetectorSwitches = Readonly<Partial<Record<DetectorName, boolean>>>;

/** The detectors one engine uses on one level, each of its own class, null when it does not apply. */
export type DetectorSet = { readonly [Name in DetectorName]: ReturnType<(typeof DETECTORS)[Name]['create']> | null };

function isUsed(entry: DetectorEntry<CallPoint, object>, name: string, engine: EngineName, context: DetectorContext, switches: DetectorSwitches): boolean {
  // A registry with rows of its own may have switches of other names.
  const switched = (switches as Readonly<Record<string, boolean | undefined>>)[name];
  return entry.engines.includes(engine) && (switched ?? entry.byDefault === 'on') && entry.appliesTo(context);
}

/**
 * The detectors `engine` should use in `context`, by name: for callers that ask one detector
 * about positions of their own (the loss explainer). `switches` turns named detectors on or off
 * (an engine's config, for ablations).
 */
export function detectorsFor(engine: EngineName, context: DetectorContext, switches: DetectorSwitches = {}): DetectorSet {
  const set: Record<string, object | null> = {};
  for (const [name, entry] of Object.entries(DETECTORS)) set[name] = isUsed(entry, name, engine, context, switches) ? entry.create(context) : null;
  return set as DetectorSet;
}

/**
 * The detectors `engine` should use in `context`, as one list per call point, in the registry's
 * order. `registry` is DETECTORS unless a test or experiment adds rows.
 */
export function detectorListsFor(engine: EngineName, context: DetectorContext, switches: DetectorSwitches = {}, registry: DetectorRegistry = DETECTORS): DetectorLists {
  const lists: { [Point in CallPoint]: CallShapes[Point][] } = { afterPush: [], afterWalk: [], onBoard: [], atStart: [], pruning: [] };
  for (const [name, entry] of Object.entries(registry)) {
    if (!isUsed(entry, name, engine, context, switches)) continue;
    const missed = entry.calls.find((point) => !ENGINE_CALLS[engine].includes(point));
    if (missed !== undefined) throw new Error(`internal: the ${engine} makes no ${missed} calls, which detector ${name} needs`);
    const detector = entry.create(context);
    // The entry's type says its class has the shape of each of its call points.
    for (const point of entry.calls) (lists[point] as object[]).push(detector);
  }
  return new DetectorLists(lists.afterPush, lists.afterWalk, lists.onBoard, lists.atStart, lists.pruning);
}

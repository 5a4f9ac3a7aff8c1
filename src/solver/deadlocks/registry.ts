import type { Problem } from '../model/problem.js';
import type { PushDistances } from '../geometry/push-distances.js';
import type { AreaDeadlockTest, BoardDeadlockTest, LocalDeadlockTest, PushPruner } from './detector-shapes.js';
import { CorralDeadlocks, type CorralLimits } from './corral-deadlocks.js';
import { FixedGoalMatching } from './fixed-goal-matching.js';
import { FreezeDeadlocks } from './freeze-deadlocks.js';
import { LocalSearchDeadlocks } from './local-search-deadlocks.js';
import { MatchingDeadlocks } from './matching-deadlocks.js';
import { PiCorralPruning } from './pi-corral-pruning.js';
import { RetrogradeDeadlocks } from './retrograde-deadlock.js';
import { RoomDeadlocks, type RoomSearchLimits } from './room-deadlocks.js';

/**
 * Every deadlock detector and pruner of the solver, in one table: what each proves, why that is
 * sound, when it applies and which engines use it. An engine asks `detectorsFor` once per level
 * and keeps the detectors it gets in fields of their own class, so its hot loop makes direct,
 * monomorphic calls; a detector that does not apply comes back as null.
 *
 * Adding a detector: write its class in this folder with one of the call shapes of
 * detector-shapes.ts, add its entry to DETECTORS and its line to detectorsFor (the compiler asks
 * for it), and call it from the engines it names at the point its shape says.
 * (Dead cells, a box that can never reach a goal, are not here: they come with the push
 * distances in planning/analysis.ts and every engine skips pushes onto them.)
 */

/** The engines that take their detectors from this table. */
export type EngineName = 'push-search' | 'feature-search';

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

interface DetectorEntry<Detector extends LocalDeadlockTest | AreaDeadlockTest | BoardDeadlockTest | PushPruner> {
  /** deadlock: the position can never be solved. pruning: some of its pushes need not be searched. */
  readonly kind: 'deadlock' | 'pruning';
  readonly proves: string;
  readonly soundBecause: string;
  readonly engines: readonly EngineName[];
  /** The conditions under which the proof holds. */
  readonly appliesTo: (context: DetectorContext) => boolean;
  readonly create: (context: DetectorContext) => Detector;
}

const entry = <Detector extends LocalDeadlockTest | AreaDeadlockTest | BoardDeadlockTest | PushPruner>(e: DetectorEntry<Detector>): DetectorEntry<Detector> => e;

export const DETECTORS = {
  freeze: entry({
    kind: 'deadlock',
    proves:
      'a box that can move along neither axis, held by walls, dead cells or other such boxes, stays put for ever; when such a group holds a box off a goal the position is lost',
    soundBecause: 'a box held on both axes can never be pushed again, and a box that never moves never reaches a goal',
    engines: ['push-search', 'feature-search'],
    // With spare boxes (all-goals) a box may rest off a goal; pulls free boxes rather than freeze them.
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, boxAt }) => new FreezeDeadlocks(problem, dead, boxAt),
  }),
  corrals: entry({
    kind: 'deadlock',
    proves:
      'an area the player cannot reach, holding unfinished work, that no sequence of pushes of its fence boxes (alone on the board) ever opens or finishes; with a second search, also one whose fence can open it but can never stand on goals all at once',
    soundBecause:
      'taking the other boxes off only makes room, so what the fence alone cannot do the real position cannot either, and in a solution the fence boxes end on goals like every box; a sub-search cut short says nothing',
    engines: ['feature-search'],
    appliesTo: ({ problem, backward }) => problem.everyBoxNeedsGoal && !backward,
    create: ({ problem, dead, corralLimits }) => new CorralDeadlocks(problem, dead, corralLimits),
  }),
  retrograde: entry({
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
  matching: entry({
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
  localSearch: entry({
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
  rooms: entry({
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
  piCorrals: entry({
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

/** The detectors one engine uses on one level, each of its own class, null when it does not apply. */
export type DetectorSet = { readonly [Name in DetectorName]: ReturnType<(typeof DETECTORS)[Name]['create']> | null };

/**
 * The detectors `engine` should use in `context`. `switches` turns named detectors off (an
 * engine's config, for ablations); a detector not named there is on.
 */
export function detectorsFor(engine: EngineName, context: DetectorContext, switches: Partial<Record<DetectorName, boolean>> = {}): DetectorSet {
  const use = (name: DetectorName): boolean => DETECTORS[name].engines.includes(engine) && switches[name] !== false && DETECTORS[name].appliesTo(context);
  return {
    freeze: use('freeze') ? DETECTORS.freeze.create(context) : null,
    corrals: use('corrals') ? DETECTORS.corrals.create(context) : null,
    retrograde: use('retrograde') ? DETECTORS.retrograde.create(context) : null,
    fixedGoalMatching: use('fixedGoalMatching') ? DETECTORS.fixedGoalMatching.create(context) : null,
    matching: use('matching') ? DETECTORS.matching.create(context) : null,
    localSearch: use('localSearch') ? DETECTORS.localSearch.create(context) : null,
    rooms: use('rooms') ? DETECTORS.rooms.create(context) : null,
    piCorrals: use('piCorrals') ? DETECTORS.piCorrals.create(context) : null,
  };
}

/**
 * The library's public API: everything the CLI does is available here without `process`.
 * Keep this list deliberate; anything not exported here is internal and may change.
 */

// Errors: every deliberate failure is one of these, with a position when it has one.
export {
  SokobanError,
  LevelError,
  MoveSyntaxError,
  UsageError,
  InputError,
  SearchLimitError,
  formatPosition,
  type SourcePosition,
} from './errors.js';

// The level model.
export {
  WALL,
  GOAL,
  BOX,
  type Board,
  squareIndex,
  rowOf,
  colOf,
  isInside,
  hasWall,
  hasBox,
  hasGoal,
  countSquares,
  boxSquares,
  goalSquares,
  boardsEqual,
} from './level/board.js';
export type { Level, LevelFormat, LevelSource, Collection, ParseWarning } from './level/level.js';

// Reading and writing levels: XSB/SOK, MIT 6.101 JSON, CS161 grid.
export { parseCollection, parseLevel, detectFormat, type ParseOptions } from './level/parse.js';
export { formatBoard, formatLevel, formatCollection, type FormatOptions } from './level/write.js';

// Rules, moves and replay.
export { DIRECTIONS, type Direction, directionOfLetter, moveLetter } from './game/direction.js';
export { GOAL_RULES, type GoalRule, isGoalRule, isSolved, defaultGoalRule, chooseGoalRule } from './game/goal-rule.js';
export { step, stepOrStay, type StepResult, type BlockReason } from './game/step.js';
export { parseMoves, formatMoves, MAX_MOVES, type Move, type ParsedMoves, type ParseMovesOptions } from './game/moves.js';
export { replay, type ReplayResult, type ReplayFailure, type ReplayOptions, type FailureReason } from './game/replay.js';
export { squareName, squarePath, formatSquarePath } from './game/notation.js';
export { nextPush, type NextPush } from './game/next-push.js';

// The MIT 6.101 "Snekoban" interface.
export {
  newGame,
  stepGame,
  victoryCheck,
  dumpGame,
  SNEKOBAN_CELL_NAMES,
  type SnekobanCell,
  type SnekobanDescription,
  type SnekobanGame,
} from './game/snekoban.js';

// The UCLA CS161 interface.
export { goalTest, nextStates, h0, h1, stateToBoard, boardToState, type Cs161State } from './game/cs161.js';
export { printState, printStates } from './game/cs161-print.js';
export { movesOfStates } from './game/cs161-moves.js';

// The solver: proven-optimal or fast any-solution search, and the seeds' solver interfaces.
export {
  solve,
  type SolveOptions,
  type SolveResult,
  type SolveStatus,
  type Optimality,
} from './solver/solve.js';
export { solvePuzzle, h2 } from './solver/cs161/seed-api.js';
export { aStar, AStarLimitError, type AStarOptions, type AStarResult } from './solver/cs161/a-star.js';
export { sokoban, type Cs161Heuristic, type Cs161SearchOptions } from './solver/cs161/search.js';
export type { Cs161Rule } from './solver/cs161/bound.js';

// Why a position is lost, by the solver's own cheap proofs; the boxes that can never reach a goal.
export { LossExplainer, explainLoss, deadOrFrozenBoxes } from './solver/explain/loss-explainer.js';
export type { LostReason, LostKind } from './solver/explain/lost-reason.js';

// The optimizer: a given solution made shorter in moves or pushes, never longer.
export { optimizeSolution, UnsolvedMovesError, type OptimizeOptions, type OptimizeResult } from './solver/optimize/optimize.js';
export type { OptimizeMetric } from './solver/optimize/metric.js';
export { OPTIMIZE_TECHNIQUES, type OptimizeTechnique, type TechniqueStep } from './solver/optimize/optimize-pushes.js';

// For level authors: trimming, canonical forms (duplicates), a level's static facts, and the generator.
export { trimBoard, trimLevel, type TrimmedBoard } from './level/trim.js';
export { canonicalBoard, type CanonicalBoard } from './level/canonical.js';
export { canonicalLevel } from './game/canonical-level.js';
export { levelFacts, type LevelFacts } from './solver/inspect/level-facts.js';
export { generateLevels, type GenerateOptions, type GeneratedLevel } from './solver/generate/generate-levels.js';

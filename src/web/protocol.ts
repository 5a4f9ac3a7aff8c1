/**
 * The web API's contract: every request body and every answer, typed once for the server's
 * handlers and the browser page. Types only (no runtime imports), so the page's own tsconfig
 * checks it under the browser's lib and the bundle carries none of it.
 *
 * A solve answer shares its outcome fields (SolveFields) with the CLI's records and
 * `solve --json` lines: the same names with the same meaning.
 */
import type { LostKind } from '../solver/explain/lost-reason.js';
import type { GoalRule } from '../game/goal-rule.js';
import type { ReplayFailure } from '../game/replay.js';
import type { LevelFormat } from '../level/level.js';
import type { SolveFields } from '../runner/solve-fields.js';

/** A request body as it arrives: the fields the contract names, their values not yet checked. */
export type Unchecked<Request> = { readonly [Field in keyof Request]?: unknown };

/** The body of every refused request: one line, as the CLI would print it, minus the program name. */
export interface ApiErrorBody {
  readonly error: {
    /** 'request' for a malformed API call; otherwise the library error's kind (level, moves, usage, input, limit). */
    readonly kind: string;
    readonly message: string;
  };
}

/** The rule a level is played under by default, or the CLI's message when one must be chosen. */
export interface RuleOrProblem {
  readonly rule: GoalRule | null;
  readonly problem: string | null;
}

/** GET /api/config */
export interface ConfigAnswer {
  readonly defaultTimeLimit: number;
  readonly maxTimeLimit: number;
}

/** One collection the server offers, in GET /api/collections. */
export interface CollectionSummary {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly format: LevelFormat;
  /** How many levels it holds. */
  readonly levels: number;
}

/** GET /api/collections */
export interface CollectionsAnswer {
  readonly collections: readonly CollectionSummary[];
}

/** GET /api/collections/:id */
export interface CollectionAnswer {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly format: LevelFormat;
  /** Header text before the first level, without comment markers. */
  readonly header: readonly string[];
  readonly levels: readonly { readonly index: number; readonly title: string | null }[];
}

/** GET /api/collections/:id/levels/:n: the level's own text in its own format, so the page reads it losslessly. */
export interface LevelAnswer extends RuleOrProblem {
  readonly collection: string;
  readonly index: number;
  /** Levels in the collection. */
  readonly count: number;
  readonly title: string | null;
  readonly author: string | null;
  readonly comments: readonly string[];
  readonly format: LevelFormat;
  readonly text: string;
  readonly solutions: readonly string[];
}

/** Level text in any format, as the CLI reads a file. */
export interface LevelTextRequest {
  /** XSB, 6.101 JSON or CS161 grid text; or a board given as a JSON array, read as its JSON text. */
  readonly level: string | readonly unknown[];
  /** The name messages use, like the CLI's file names; default `<input>`. */
  readonly name?: string;
  readonly format?: LevelFormat | 'auto';
  readonly goal?: GoalRule | 'auto';
}

/** One level of a text: `index` (1-based) is needed when the text holds several. */
export interface LevelRequest extends LevelTextRequest {
  readonly index?: number;
}

/** POST /api/parse */
export type ParseRequest = LevelTextRequest;

export interface ParsedLevel extends RuleOrProblem {
  readonly index: number;
  readonly title: string | null;
  readonly width: number;
  readonly height: number;
  readonly boxes: number;
  readonly goals: number;
}

export interface ParseAnswer {
  readonly format: LevelFormat;
  readonly title: string | null;
  /** Parse warnings as position: message. */
  readonly warnings: readonly string[];
  readonly levels: readonly ParsedLevel[];
}

/** POST /api/convert */
export interface ConvertRequest extends LevelTextRequest {
  readonly to: LevelFormat;
}

export interface ConvertAnswer {
  readonly format: LevelFormat;
  readonly text: string;
}

/** POST /api/verify: the same answer as `sokoban verify --json`. */
export interface VerifyRequest extends LevelRequest {
  readonly moves: string;
  /** Letter case must say which moves push. */
  readonly strictCase?: boolean;
}

export interface VerifyAnswer {
  readonly rule: GoalRule;
  readonly valid: boolean;
  readonly solved: boolean;
  readonly moves: number;
  readonly pushes: number;
  readonly solution: string;
  readonly error: Omit<ReplayFailure, 'board'> | null;
  /** As `sokoban verify --json`: the move after which the position is provably lost (null when not), why, which proof, and the squares it names. */
  readonly lostAt: number | null;
  readonly reason: string | null;
  readonly lostKind: LostKind | null;
  readonly squares: readonly string[];
  /** True when the search for lostAt ran out of its time (2 s a request): a null lostAt then proves nothing. */
  readonly lossSearchStopped: boolean;
}

/** POST /api/solve */
export interface SolveRequest extends LevelRequest {
  readonly optimal?: 'moves' | 'pushes' | 'none';
  /** Seconds; held to the server's maximum. */
  readonly timeLimit?: number;
}

/** The CLI's record of the search (replayed before it is sent), with the rule and the time limit used. */
export interface SolveAnswer extends SolveFields {
  readonly rule: GoalRule;
  /** Seconds: the limit the search ran under, after the server's cap. */
  readonly timeLimit: number;
}

/** Every answer a handler gives, for the server's one JSON writer. */
export type ApiAnswer = ConfigAnswer | CollectionsAnswer | CollectionAnswer | LevelAnswer | ParseAnswer | ConvertAnswer | VerifyAnswer | SolveAnswer;

/** The POST endpoints, each with its request and answer, so the page cannot send one endpoint another's body. */
export interface PostRoutes {
  readonly '/api/parse': { readonly request: ParseRequest; readonly answer: ParseAnswer };
  readonly '/api/convert': { readonly request: ConvertRequest; readonly answer: ConvertAnswer };
  readonly '/api/verify': { readonly request: VerifyRequest; readonly answer: VerifyAnswer };
  readonly '/api/solve': { readonly request: SolveRequest; readonly answer: SolveAnswer };
}

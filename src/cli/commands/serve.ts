import { availableParallelism } from 'node:os';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { catalogOf } from '../../web/catalog.js';
import { builtAssetsFolder, bundledLevelInputs } from '../../web/assets-folder.js';
import { INPUT_WORKERS, startWebServer } from '../../web/server.js';
import { type WorkerPlan, addressSpaceLimitText, planWorkers, readAddressSpace } from '../../runner/address-space.js';
import type { CommandContext } from '../context.js';
import { PROGRAM_NAME, reportError, reportWarning } from '../error-line.js';
import { ExitCode } from '../exit-codes.js';
import type { Io } from '../io.js';
import { readServedCollections } from '../served-collections.js';

export const DEFAULT_PORT = 6101;
export const DEFAULT_HOST = '127.0.0.1';
/** A page's "Solve" answers within seconds or not at all; the cap keeps one visitor from holding a worker long. */
export const SERVE_DEFAULT_TIME_LIMIT_SECONDS = 10;
export const SERVE_MAX_TIME_LIMIT_SECONDS = 60;
const SOLVE_MEMORY_MIB = 1024;

export interface ServeRequest {
  readonly inputs: readonly string[];
  readonly port: number;
  readonly host: string;
  /** Where the built page lives; default dist/web/assets. */
  readonly assetsFolder?: string;
}

/** Searches at once: leave a core for the server itself where there is one to spare. */
function solveWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

/**
 * The server's workers (solves, and the input workers) under an address-space limit: as many
 * solve workers as fit; a line on stderr when the limit changed them. The server reads requests
 * only on workers, so without room for one solve worker and the input workers it refuses to start.
 */
function fitServerWorkers(io: Io): WorkerPlan {
  const wanted = solveWorkers() + INPUT_WORKERS;
  const space = readAddressSpace();
  const plan = planWorkers({ workers: wanted, maxMemoryMiB: SOLVE_MEMORY_MIB, defaultMaxMemoryMiB: () => SOLVE_MEMORY_MIB }, space);
  if (plan.workers < INPUT_WORKERS + 1) {
    throw new UsageError(`${addressSpaceLimitText(space.capBytes ?? 0)}: there is no room for the ${INPUT_WORKERS + 1} worker threads the server needs at least`);
  }
  if (plan.note !== null) reportWarning(io, plan.note);
  return plan;
}

/**
 * A file as the page shows it, so that visitors learn nothing of the server's folders: relative
 * to where the server was started when it lies there (the bundled collections are found by
 * absolute path); else from what was served, the folder, pattern or file its argument named, by
 * that folder's name (`examples/first.xsb`), never by a path that climbs out (issue 46:
 * `../../usr/lib/node_modules/sokoban/levels/microban.xsb`).
 */
function shownPath(cwd: string, file: string, root: string): string {
  const full = resolve(cwd, file);
  const fromHere = relative(cwd, full);
  const climbs = fromHere === '..' || fromHere.startsWith(`..${sep}`) || isAbsolute(fromHere);
  if (!climbs) return isAbsolute(file) ? fromHere : file;
  const served = resolve(cwd, root);
  const inServed = relative(served, full);
  return basename(served) === '' ? inServed : `${basename(served)}/${inServed}`;
}

/**
 * `sokoban serve`: the page and its JSON API until the server closes (Ctrl-C, through the Io).
 * Files that cannot be read are reported and left out; exit 2 at the end if there were any.
 */
export async function serve(io: Io, request: ServeRequest): Promise<ExitCode> {
  const inputs = request.inputs.length > 0 ? request.inputs : bundledLevelInputs();
  const read = await readServedCollections(io, inputs);
  for (const problem of read.problems) reportError(io, problem);
  for (const warning of read.warnings) reportWarning(io, warning);
  const catalog = catalogOf(read.collections.map((loaded) => ({ file: shownPath(io.cwd, loaded.file, loaded.root), collection: loaded.collection })));
  if (catalog.entries.length === 0) {
    throw new InputError('no level file could be read, so there is nothing to serve', inputs.join(' '));
  }
  const plan = fitServerWorkers(io);
  const server = await startWebServer({
    catalog,
    assetsFolder: request.assetsFolder ?? builtAssetsFolder(),
    host: request.host,
    port: request.port,
    limits: { defaultSeconds: SERVE_DEFAULT_TIME_LIMIT_SECONDS, maxSeconds: SERVE_MAX_TIME_LIMIT_SECONDS },
    solveWorkers: plan.workers - INPUT_WORKERS,
    maxMemoryMiB: plan.maxMemoryMiB,
    now: () => io.now(),
    workerLimits: plan.workerLimits,
  });
  const stopListening = io.onInterrupt?.(() => void server.close());
  const levels = catalog.entries.reduce((sum, entry) => sum + entry.collection.levels.length, 0);
  const collections = `${catalog.entries.length} ${catalog.entries.length === 1 ? 'collection' : 'collections'}`;
  io.stdout.write(`${PROGRAM_NAME}: serving ${collections} (${levels} levels) at ${server.url}\n`);
  if (io.onInterrupt !== undefined) io.stdout.write(`${PROGRAM_NAME}: press Ctrl-C to stop\n`);
  await server.closed;
  stopListening?.();
  return read.problems.length > 0 ? ExitCode.badInput : ExitCode.ok;
}

function portNumber(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > 65535) throw new InvalidArgumentError('expected a port number, 0 to 65535');
  return Number(value);
}

interface ServeOptions {
  readonly port: number;
  readonly host: string;
}

export function registerServe(program: Command, context: CommandContext): void {
  program
    .command('serve')
    .description('play, watch solutions and build levels in the browser: a local web page and JSON API')
    .argument('[levels...]', 'level files, folders or globs to offer (default: the bundled collections)')
    .addOption(new Option('--port <n>', 'port to listen on (0: any free port)').argParser(portNumber).default(DEFAULT_PORT))
    .addOption(new Option('--host <address>', 'address to listen on; keep the default unless others should reach it').default(DEFAULT_HOST))
    .action(async (inputs: string[], options: ServeOptions) => {
      context.setExitCode(await serve(context.io, { inputs, port: options.port, host: options.host }));
    });
}

import fc from 'fast-check';

/**
 * Cases per property. `npm test` runs a few dozen so that the suite stays within seconds;
 * `npm run fuzz` sets FUZZ_RUNS (and FUZZ_SEED to replay a failure) for a long run.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Runs a property with the shared settings; a run that takes longer than `timeoutMs` fails as a hang. */
export function fuzzSettings(timeoutMs = 20_000): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
  return { numRuns: FUZZ_RUNS, timeout: timeoutMs, ...(seed === undefined ? {} : { seed }) };
}

/** A stack trace line, which no user may ever see without SOKOBAN_DEBUG. */
export const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

/** Text made mostly of the given characters, with a sprinkling of anything at all. */
export function textOf(characters: string, maxLength: number): fc.Arbitrary<string> {
  const unit = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...characters.split('')) }, { weight: 1, arbitrary: fc.string({ maxLength: 1, unit: 'binary' }) });
  return fc.string({ unit, maxLength });
}

/** Random bytes read as UTF-8, as a level or moves file of any content would be. */
export const randomBytesText: fc.Arbitrary<string> = fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes).toString('utf8'));

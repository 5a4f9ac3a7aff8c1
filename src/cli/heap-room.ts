import { isAscii } from 'node:buffer';
import { getHeapStatistics } from 'node:v8';
import { InputError } from '../errors.js';

/** V8's heap in the main thread: what it holds, and the most it may hold (`node --max-old-space-size`). */
export interface HeapUse {
  readonly usedBytes: number;
  readonly limitBytes: number;
}

const MIB = 1024 * 1024;

/**
 * The young generation's part of V8's heap limit (three semi-spaces of 16 MiB: heap_size_limit
 * is --max-old-space-size plus 48 MiB at every size measured, 16 to 2048), which a large string
 * or a parsed document cannot use.
 */
const YOUNG_GENERATION_BYTES = 48 * MIB;

/**
 * Room left for the work that follows what is checked (the index of a text, the records of a
 * batch): 16 MiB, or an eighth of a smaller heap (the CLI runs in a 16 MiB heap too).
 */
export function heapMargin(heap: HeapUse): number {
  return Math.min(16 * MIB, (heap.limitBytes - YOUNG_GENERATION_BYTES) / 8);
}

/**
 * How many bytes a JSON level file takes once parsed, per byte of its text: 8 for 6.101 JSON and
 * 9 for CS161 grids (measured on 20 MB files of small levels), and the levels built from it.
 */
export const JSON_BYTES_PER_CHARACTER = 12;

/**
 * Heap a file written from every level of a batch at the end (a report, --out) takes per level,
 * besides the characters of its solution (three bytes each: the record's, the text's and a
 * copy): building a summary or a JUnit file of 100,000 small records took 510 and 545 bytes a
 * record on top of the records' own 232; twice that for the peak.
 */
export const HEAP_BYTES_PER_LEVEL_WRITTEN = 1024;

/** What a record kept for the end of a batch takes in the heap (232 bytes measured), with its solution. */
export const HEAP_BYTES_PER_RECORD = 256;

/** Why `needBytes` more will not fit in the heap (heapNote), or null when they will or the heap is not known. */
export function heapShortfall(heap: HeapUse | undefined, needBytes: number): string | null {
  if (heap === undefined || needBytes + heapMargin(heap) <= heapRoom(heap)) return null;
  return `needs about ${mib(needBytes)} MiB of memory; ${heapNote(heap)}`;
}

/** The main thread's heap now. */
export function nodeHeap(): HeapUse {
  const statistics = getHeapStatistics();
  return { usedBytes: statistics.used_heap_size, limitBytes: statistics.heap_size_limit };
}

/** Bytes the old generation can still take before V8 gives up on the process. */
export function heapRoom(heap: HeapUse): number {
  return heap.limitBytes - heap.usedBytes - YOUNG_GENERATION_BYTES;
}

function mib(bytes: number): number {
  return Math.max(0, Math.round(bytes / MIB));
}

/** What a heap too small says about itself, and how to give Node more. */
export function heapNote(heap: HeapUse): string {
  const limit = mib(heap.limitBytes - YOUNG_GENERATION_BYTES);
  return `${mib(heapRoom(heap))} MiB of the ${limit} MiB heap limit are free; give Node more with NODE_OPTIONS=--max-old-space-size=<MiB>`;
}

/**
 * Refuses work the heap has no room for, before it is done: past V8's heap limit Node ends the
 * whole process with "JavaScript heap out of memory" and a stack dump (exit 134), where this is
 * one line about one input, exit 2, and a batch goes on with its other inputs.
 */
export function checkHeapRoom(heap: HeapUse, needBytes: number, name: string, what: string): void {
  const shortfall = heapShortfall(heap, needBytes);
  if (shortfall !== null) throw new InputError(`${what} ${shortfall}`, name);
}

/** The bytes of the string UTF-8 text decodes to: one a character when it is all ASCII, else at most two a byte. */
export function decodedBytes(bytes: Buffer): number {
  return isAscii(bytes) ? bytes.length : 2 * bytes.length;
}

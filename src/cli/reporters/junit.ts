import type { LevelRecord, RecordKey } from '../../runner/record.js';
import { plural } from './solve-text.js';

/** Text for XML content and attributes: markup escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function seconds(ms: number | null): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function caseName(record: RecordKey): string {
  const number = record.index === null ? 'file' : `#${record.index}`;
  return record.title !== null && record.title !== '' && record.title !== String(record.index) ? `${number} ${record.title}` : number;
}

function outcomeElement(record: LevelRecord): string {
  switch (record.status) {
    case 'solved':
      return '';
    case 'unsolvable':
      return `      <failure type="unsolvable" message="proven unsolvable">the whole reachable space was searched (${record.nodes ?? 0} nodes)</failure>\n`;
    case 'timeout':
    case 'memory': {
      const limit = record.limit ?? (record.status === 'memory' ? 'memory' : 'time');
      const detail = record.error ?? `stopped after ${record.nodes ?? 0} nodes`;
      return `      <failure type="${record.status}" message="stopped at the ${limit} limit">${escapeXml(detail)}</failure>\n`;
    }
    case 'error':
      return `      <error type="${record.errorKind ?? 'error'}" message="${escapeXml(record.error ?? 'error')}"/>\n`;
  }
}

function testcase(record: LevelRecord): string {
  const open = `    <testcase classname="${escapeXml(record.file)}" name="${escapeXml(caseName(record))}" time="${seconds(record.ms)}"`;
  const body = outcomeElement(record);
  if (body === '' && record.solution === null) return `${open}/>\n`;
  const output =
    record.solution === null
      ? ''
      : `      <system-out>${escapeXml(`${plural(record.moves ?? 0, 'move')}, ${plural(record.pushes ?? 0, 'push', 'pushes')}: ${record.solution}`)}</system-out>\n`;
  return `${open}>\n${body}${output}    </testcase>\n`;
}

/** A level an interrupted run never finished: skipped, saying why. */
function unfinishedCase(key: RecordKey): string {
  const open = `    <testcase classname="${escapeXml(key.file)}" name="${escapeXml(caseName(key))}" time="0.000"`;
  return `${open}>\n      <skipped message="interrupted before this level finished"/>\n    </testcase>\n`;
}

/**
 * JUnit XML: one testsuite per file, one testcase per level (or per input that produced none),
 * a failure for each level not solved and an error for each error. A run that was interrupted
 * says so in the suites' name and lists the levels it did not finish as skipped.
 */
export function junitXml(records: readonly LevelRecord[], unfinished: readonly RecordKey[] | null = null): string {
  const files = new Map<string, { records: LevelRecord[]; unfinished: RecordKey[] }>();
  const fileOf = (file: string) => {
    const entry = files.get(file) ?? { records: [], unfinished: [] };
    files.set(file, entry);
    return entry;
  };
  for (const record of records) fileOf(record.file).records.push(record);
  for (const key of unfinished ?? []) fileOf(key.file).unfinished.push(key);
  const count = (list: readonly LevelRecord[], test: (record: LevelRecord) => boolean) => list.filter(test).length;
  const failure = (record: LevelRecord) => record.status !== 'solved' && record.status !== 'error';
  const error = (record: LevelRecord) => record.status === 'error';
  const time = (list: readonly LevelRecord[]) => seconds(list.reduce((sum, record) => sum + (record.ms ?? 0), 0));
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const name = unfinished === null ? 'sokoban solve' : 'sokoban solve (interrupted)';
  const tests = records.length + (unfinished?.length ?? 0);
  xml += `<testsuites name="${name}" tests="${tests}" failures="${count(records, failure)}" errors="${count(records, error)}" time="${time(records)}">\n`;
  for (const [file, { records: list, unfinished: skipped }] of files) {
    xml += `  <testsuite name="${escapeXml(file)}" tests="${list.length + skipped.length}" failures="${count(list, failure)}" errors="${count(list, error)}" skipped="${skipped.length}" time="${time(list)}">\n`;
    for (const record of list) xml += testcase(record);
    for (const key of skipped) xml += unfinishedCase(key);
    xml += '  </testsuite>\n';
  }
  return `${xml}</testsuites>\n`;
}

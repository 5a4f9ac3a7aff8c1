import type { LevelRecord } from '../../runner/record.js';

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

function caseName(record: LevelRecord): string {
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
  const output = record.solution === null ? '' : `      <system-out>${escapeXml(`${record.moves} moves, ${record.pushes} pushes: ${record.solution}`)}</system-out>\n`;
  return `${open}>\n${body}${output}    </testcase>\n`;
}

/**
 * JUnit XML: one testsuite per file, one testcase per level (or per input that produced none),
 * a failure for each level not solved and an error for each error.
 */
export function junitXml(records: readonly LevelRecord[]): string {
  const files = new Map<string, LevelRecord[]>();
  for (const record of records) {
    const list = files.get(record.file) ?? [];
    list.push(record);
    files.set(record.file, list);
  }
  const count = (list: readonly LevelRecord[], test: (record: LevelRecord) => boolean) => list.filter(test).length;
  const failure = (record: LevelRecord) => record.status !== 'solved' && record.status !== 'error';
  const error = (record: LevelRecord) => record.status === 'error';
  const time = (list: readonly LevelRecord[]) => seconds(list.reduce((sum, record) => sum + (record.ms ?? 0), 0));
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  xml += `<testsuites name="sokoban solve" tests="${records.length}" failures="${count(records, failure)}" errors="${count(records, error)}" time="${time(records)}">\n`;
  for (const [file, list] of files) {
    xml += `  <testsuite name="${escapeXml(file)}" tests="${list.length}" failures="${count(list, failure)}" errors="${count(list, error)}" skipped="0" time="${time(list)}">\n`;
    for (const record of list) xml += testcase(record);
    xml += '  </testsuite>\n';
  }
  return `${xml}</testsuites>\n`;
}

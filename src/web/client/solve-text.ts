import type { SolveAnswer } from '../protocol.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One sentence for a solve answer, saying plainly what was proven and what was not. */
export function describeSolveAnswer(answer: SolveAnswer): string {
  const seconds = answer.ms === null ? '' : ` in ${(answer.ms / 1000).toFixed(1)} s`;
  switch (answer.status) {
    case 'solved': {
      const proof = answer.optimal === null ? '' : ` (proven fewest ${answer.optimal}${answer.thenFewest === null ? '' : `, then ${answer.thenFewest}`})`;
      return `${plural(answer.moves ?? 0, 'move')}, ${plural(answer.pushes ?? 0, 'push').replace('pushs', 'pushes')}${proof}, found${seconds}.`;
    }
    case 'unsolvable':
      return `No solution exists: every reachable position was searched${seconds}.`;
    case 'timeout':
      return `No answer within the ${answer.timeLimit} s time limit (not proven unsolvable).`;
    case 'memory':
      return 'The search ran out of memory before an answer (not proven unsolvable).';
    case 'error':
      return `The search failed: ${answer.error ?? 'unknown error'}`;
  }
}

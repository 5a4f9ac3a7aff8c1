import { readFileSync } from 'node:fs';
import { parseCollection } from '../src/level/parse.js';
import { analyzeLevel } from '../src/solver/planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from '../src/solver/planning/fixed-home-boxes.js';
import { BaseStrategy } from '../src/solver/engines/base-strategy.js';
import { FeatureSearch } from '../src/solver/engines/feature-search.js';
import { OPENING_ONLY_CORRAL_LIMITS } from '../src/solver/deadlocks/corral-deadlocks.js';
import { pushesToLurd } from '../src/solver/model/solution.js';
import { replay } from '../src/game/replay.js';
const [file, list, budgetText, variant] = process.argv.slice(2);
const budget = Number(budgetText);
const levels = parseCollection(readFileSync(file, 'utf8')).levels;
const fast = { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, mobility: true };
let solved = 0;
const out: string[] = [];
for (const n of list.split(',').map(Number)) {
  const level = levels[n - 1];
  const problem = problemWithFixedHomeBoxesAsWalls(level.board, 'all-goals');
  const t = performance.now();
  const analysis = analyzeLevel(problem, () => {});
  const engine =
    variant === 'bases' ? new BaseStrategy(analysis, { forward: fast }) :
    variant === 'bases-best' ? new BaseStrategy(analysis, { forward: { ...fast, bestCellTurns: true } }) :
    variant === 'bases-default-best' ? new BaseStrategy(analysis, { forward: { bestCellTurns: true } }) :
    variant === 'bases-best-pb' ? new BaseStrategy(analysis, { forward: { ...fast, bestCellTurns: true, planBasins: true } }) :
    variant === 'feature-best' ? new FeatureSearch(analysis, { ...fast, bestCellTurns: true }) :
    variant === 'feature' ? new FeatureSearch(analysis, fast) : null;
  if (engine === null) throw new Error('variant');
  while (engine.state === 'running' && engine.expanded < budget) engine.run(Math.min(4096, budget - engine.expanded));
  let ok = '';
  if (engine.state === 'solved') {
    const text = pushesToLurd(problem, engine.solution());
    const r = replay(level.board, text.lurd, { rule: 'all-goals' });
    ok = r.solved ? 'replay-ok' : 'REPLAY-FAILED';
    solved++;
  }
  out.push(`${n}:${engine.state === 'solved' ? engine.expanded : '-'}`);
  console.log(variant, n, engine.state, engine.expanded, Math.round(performance.now() - t), 'ms', ok);
}
console.log(variant, 'SOLVED', solved, out.join(' '));

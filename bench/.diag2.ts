import { readFileSync } from 'node:fs';
import { parseCollection } from '../src/level/parse.js';
import { analyzeLevel } from '../src/solver/planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from '../src/solver/planning/fixed-home-boxes.js';
import { BaseSearch } from '../src/solver/planning/base-search.js';
import { planFromPath } from '../src/solver/planning/backward-plan.js';
const [file, list] = process.argv.slice(2);
const levels = parseCollection(readFileSync(file, 'utf8')).levels;
for (const n of list.split(',').map(Number)) {
  const level = levels[n - 1];
  const problem = problemWithFixedHomeBoxesAsWalls(level.board, 'all-goals');
  const analysis = analyzeLevel(problem, () => {});
  const s = new BaseSearch(analysis);
  s.run(30000);
  const path = s.pathToBest();
  const plan = planFromPath(problem, path, analysis.backward().distances.nearest);
  const other = analysis.backwardPlan();
  const p = problem as any;
  const show = (squares: Int32Array | null) => {
    const mark = new Map<number, string>();
    if (squares) squares.forEach((c, i) => mark.set(c, String.fromCharCode(i < 26 ? 97 + i : 65 + i - 26)));
    const lines: string[] = level.board.toString ? [] : [];
    return [...mark.entries()].map(([c, ch]) => `${ch}@${c}`).join(' ');
  };
  console.log(n, 'steps', path.map((st) => `${st.from}->${st.to}`).join(' '));
  console.log(' bases plan', show(plan.squares), 'feeds', Array.from(plan.feeds).join(','));
  console.log(' sink plan ', show(other?.squares ?? null));
}

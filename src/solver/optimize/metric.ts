/** What an optimizer shortens first; the other measure breaks ties. */
export type OptimizeMetric = 'moves' | 'pushes';

export interface Length {
  readonly moves: number;
  readonly pushes: number;
}

/** The measure compared first and the one that breaks ties, under a metric. */
export function primaryOf(metric: OptimizeMetric, length: Length): number {
  return metric === 'moves' ? length.moves : length.pushes;
}

export function secondaryOf(metric: OptimizeMetric, length: Length): number {
  return metric === 'moves' ? length.pushes : length.moves;
}

/** Negative when `a` is shorter than `b` under the metric, zero when equally long, positive otherwise. */
export function compareLengths(metric: OptimizeMetric, a: Length, b: Length): number {
  return primaryOf(metric, a) - primaryOf(metric, b) || secondaryOf(metric, a) - secondaryOf(metric, b);
}

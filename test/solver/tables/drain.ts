/** Pops a queue of nodes until it is empty: the nodes in the order it gives them. */
export function drain(queue: { readonly size: number; pop(): number }): number[] {
  const order: number[] = [];
  while (queue.size > 0) order.push(queue.pop());
  return order;
}

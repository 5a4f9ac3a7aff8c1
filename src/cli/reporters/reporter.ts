/**
 * A reporter turns a command's per-level results into output. Commands produce results in
 * input order and never format them; one module per output style (human, json, later junit, github).
 */
export interface Reporter<Result> {
  /** One level's result, in input order, as soon as it is known. */
  result(result: Result): void;
  /** After the last result: summaries, closing tags. */
  end(): void;
}

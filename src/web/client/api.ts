/** The server's JSON API, as the page uses it. Errors come back as one line, worded as the CLI words them. */

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) {
    throw new ApiFailure(response.status, body?.error?.message ?? `the server answered ${response.status}`);
  }
  return body as T;
}

export async function getJson<T>(path: string): Promise<T> {
  return answer<T>(await fetch(path, { headers: { accept: 'application/json' } }));
}

export async function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return answer<T>(response);
}

export interface CollectionSummary {
  readonly id: string;
  readonly name: string;
  readonly levels: number;
}

export interface CollectionDetail {
  readonly id: string;
  readonly name: string;
  readonly levels: readonly { readonly index: number; readonly title: string | null }[];
}

export interface LevelView {
  readonly index: number;
  readonly title: string | null;
  readonly format: 'xsb' | 'json' | 'grid';
  readonly text: string;
}

export interface SolveAnswer {
  readonly status: 'solved' | 'unsolvable' | 'timeout' | 'memory' | 'error';
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly optimal: 'moves' | 'pushes' | null;
  readonly nodes: number | null;
  readonly ms: number | null;
  readonly timeLimit: number;
  readonly error: string | null;
}

export interface ServerConfig {
  readonly defaultTimeLimit: number;
  readonly maxTimeLimit: number;
}

/**
 * The server's JSON API, as the page uses it, typed by the contract the server's handlers are
 * typed by (../protocol.ts). Errors come back as one line, worded as the CLI words them.
 */
import type { ApiErrorBody, PostRoutes } from '../protocol.js';

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
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  if (!response.ok) {
    throw new ApiFailure(response.status, body?.error?.message ?? `the server answered ${response.status}`);
  }
  return body as T;
}

/** A GET endpoint's answer; `Answer` is the one protocol.ts gives for that path. */
export async function getJson<Answer>(path: string): Promise<Answer> {
  return answer<Answer>(await fetch(path, { headers: { accept: 'application/json' } }));
}

export async function postJson<Path extends keyof PostRoutes>(path: Path, body: PostRoutes[Path]['request'], signal?: AbortSignal): Promise<PostRoutes[Path]['answer']> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return answer<PostRoutes[Path]['answer']>(response);
}

import type { ServerResponse } from 'node:http';

/**
 * Everything the page loads comes from this server: the policy makes the browser refuse any
 * other origin, so "no external network requests" is enforced, not just intended.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * Sends an answer whole. It is in memory already, so it is handed to the socket at once and the
 * socket's own backpressure holds what the client has not taken; a client that has not taken
 * all of it within `answerTimeoutMs` is cut off, so a client that never reads holds an answer's
 * memory that long at most (issue 46: seventeen such clients held 2 GB for good).
 */
export function sendAnswer(response: ServerResponse, status: number, contentType: string, body: string | Buffer, answerTimeoutMs: number): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
  if (response.writableFinished) return;
  const timer = setTimeout(() => response.destroy(), answerTimeoutMs);
  const settle = (): void => clearTimeout(timer);
  response.once('finish', settle);
  response.once('close', settle);
}

import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * Every error the gateway (and the static host) answers has one shape, `{ "error": message }`,
 * whoever raised it: a limit, the router, Express, or Node's HTTP parser.
 */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/** The last route: whatever nobody answered is a JSON 404, never Express's HTML page. */
export function jsonNotFound(_req: Request, res: Response): void {
  sendJsonError(res, 404, 'Not found');
}

/**
 * Errors thrown on the way: a client's mistake (a malformed path, a body that breaks its own
 * Content-Length) keeps its 4xx; anything else is the gateway's fault and says nothing more.
 */
export function jsonErrorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const status = statusOf(error);
    if (status < 500) {
      sendJsonError(res, status, clientMessage(error, status));
      return;
    }
    (req.log ?? log).error({ err: error }, 'gateway error');
    sendJsonError(res, 500, 'Internal gateway error');
  };
}

function statusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && value >= 400 && value < 600 ? value : 500;
}

function clientMessage(error: unknown, status: number): string {
  // http-errors marks the messages written for the client; others may carry internals.
  const { expose, message } = error as { expose?: unknown; message?: unknown };
  if (expose === true && typeof message === 'string' && message) return message;
  return STATUS_CODES[status] ?? 'Bad request';
}

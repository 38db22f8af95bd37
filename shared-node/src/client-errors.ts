import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What Node's parser refuses before any handler runs, as its status and a sentence. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request headers too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Request body too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request timed out'];
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [400, 'Invalid Content-Length'];
    default:
      return [400, 'Malformed request'];
  }
}

/**
 * Node answers a request its parser refuses (headers over 16 KB, a Content-Length that is not a
 * number or contradicts the body) with a bare status line. Answer those in JSON too.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Like Node's own handler: once a response on this connection has begun, a second one
    // would corrupt it, and a reset connection has nobody to read the answer.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = clientErrorAnswer(error.code);
    const body = JSON.stringify({ error: message });
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

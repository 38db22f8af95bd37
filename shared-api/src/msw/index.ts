import { HttpResponse, http } from 'msw';
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import { actionFunctions, FUNCTIONS_BASE_PATH, type FunctionContract, postFunctions } from '../functions';
import { NO_PRODUCT_AVAILABLE, productsQuery, productsResponse } from '../schemas/products';
import { uploadDocumentFields } from '../schemas/session';
import { mockCatalogue } from './fixtures';

// A page in development loads zod/mini alone, without a language: a mocked refusal reads in English
// as the service's does.
z.config(english());

/**
 * A reply: a body the function's response schema must accept, or a `Response` for a refusal
 * (an error status: a wrong code, an expired session).
 */
export type MockResponder = (request: Record<string, unknown>) => unknown;

export interface MockHandlerOptions {
  baseUrl?: string;
  /**
   * Replies per function (`create-client`) or per action (`abridor:login`).
   * Every reply is parsed by the function's response schema, so a mock cannot drift from the contract.
   */
  responders?: Record<string, MockResponder>;
}

const badRequest = (message: string) => HttpResponse.json({ error: message }, { status: 400 });

function reply(
  contract: FunctionContract,
  key: string,
  responders: Record<string, MockResponder>,
  body: Record<string, unknown>,
) {
  const responder = responders[key];
  if (!responder) return HttpResponse.json({ error: `No mock for ${key}` }, { status: 501 });
  const answer = responder(body);
  if (answer instanceof Response) {
    if (answer.ok)
      return HttpResponse.json({ error: `Mock for ${key} answers a success outside the contract` }, { status: 500 });
    return answer;
  }
  const parsed = z.safeParse(contract.response, answer);
  if (!parsed.success) return HttpResponse.json({ error: `Mock for ${key} breaks the contract` }, { status: 500 });
  return HttpResponse.json(parsed.data as Record<string, unknown>);
}

/** msw handlers for every function, validating requests and responses with the shared schemas. */
export function createMockHandlers({ baseUrl = FUNCTIONS_BASE_PATH, responders = {} }: MockHandlerOptions = {}) {
  const products = http.get(`${baseUrl}/products`, ({ request }) => {
    const url = new URL(request.url);
    const query = productsQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return badRequest('Invalid products query');
    const { m3 = 0, listaEspera } = query.data;
    const fitting = mockCatalogue
      .filter((p) => p.maxM3 >= m3 && p.waitlistOnly === (listaEspera === 'si'))
      .map(({ maxM3: _max, waitlistOnly: _w, ...product }) => product);
    const body = fitting.length
      ? { result: 'success', products: { product: fitting } }
      : { result: NO_PRODUCT_AVAILABLE };
    return HttpResponse.json(productsResponse.parse(body));
  });

  const simple = Object.entries(postFunctions).map(([name, contract]) =>
    http.post(`${baseUrl}/${name}`, async ({ request }) => {
      const parsed = z.safeParse(contract.request, await request.json().catch(() => null));
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
      return reply(contract, name, responders, parsed.data as Record<string, unknown>);
    }),
  );

  const withActions = Object.entries(actionFunctions).map(([name, actions]) =>
    http.post(`${baseUrl}/${name}`, async ({ request }) => {
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      const action = typeof body?.action === 'string' ? body.action : '';
      const contract = (actions as Record<string, FunctionContract>)[action];
      if (!contract) return badRequest('Unknown action');
      const parsed = z.safeParse(contract.request, body);
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
      return reply(contract, `${name}:${action}`, responders, parsed.data as Record<string, unknown>);
    }),
  );

  // Multipart: the mock checks the form fields and answers with the path the service would use.
  const upload = http.post(`${baseUrl}/upload-document`, async ({ request }) => {
    const form = await multipartParts(request).catch(() => null);
    const fields = uploadDocumentFields.safeParse(form?.fields ?? null);
    const file = form?.files.file;
    if (!fields.success || !file) return badRequest('Invalid upload');
    const extension = file.filename.split('.').pop()?.toLowerCase().replace('jpeg', 'jpg') ?? 'pdf';
    const { registrationId, documentType } = fields.data;
    return HttpResponse.json({ filePath: `${registrationId}/${registrationId}_${documentType}.${extension}` });
  });

  return [products, upload, ...simple, ...withActions];
}

export { mockCatalogue };

/**
 * A multipart body's text fields and its files' names, read from the raw text. `request.formData()`
 * is not used: under a test DOM, Node 22+'s fetch can refuse the File objects of the DOM's own realm
 * that the page put in the form (jsdom's: an assertion deep in undici), while the bytes sent are fine.
 */
export async function multipartParts(
  request: Request,
): Promise<{ fields: Record<string, string>; files: Record<string, { filename: string }> }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new Error('not multipart');
  const fields: Record<string, string> = {};
  const files: Record<string, { filename: string }> = {};
  for (const part of (await request.text()).split(`--${marker}`)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) files[name] = { filename };
    else fields[name] = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return { fields, files };
}

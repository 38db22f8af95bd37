import type * as z from 'zod/mini';
import { FUNCTIONS_BASE_PATH } from './base-path';
import type {
  ActionFunctionName,
  ActionOf,
  ActionRequest,
  ActionResponse,
  FunctionContract,
  PostFunctionName,
  postFunctions,
} from './functions';
import type { UploadType } from './registration-values';
import { findUnsafeInput, normalisedInput } from './rules/input-safety';
import type { AccountAction, AccountRequest, AccountResponse } from './schemas/account';
import type { BackofficeAction, BackofficeRequest, BackofficeResponse } from './schemas/backoffice';
import type { ProductsQuery, ProductsResponse } from './schemas/products';

type Contracts = typeof import('./functions');
let contractsLoad: Promise<Contracts> | undefined;
/**
 * The contracts are built on the first call, not when a page loads: constructing every zod
 * schema of the API was the longest task of a remote's start, and a page calls few functions.
 */
const loadContracts = () => {
  contractsLoad ??= import('./functions');
  return contractsLoad;
};

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's refusal code (409), when it gave one. */
    readonly code?: string,
    /** A 429's (or 503's) `Retry-After`, in whole seconds, when the server said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 429 that only says the service is busy for a moment (hashing other sign-ins: a Retry-After of a
 * few seconds), not that this caller is held back (no Retry-After, or a long one): its wait in
 * seconds, or null. A sign-in form asks again after it by itself instead of sending the person away.
 */
export function busyWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const wait = error.retryAfterSeconds;
  return wait !== undefined && wait <= 10 ? wait : null;
}

/**
 * Runs `call`, and runs it again after each busy answer's wait (`busyWaitSeconds`), `retries` times
 * at most; any other failure, or the last busy one, is thrown. When `stillWanted` says no after a
 * wait (the form is gone), that busy failure is thrown instead of calling again.
 */
export async function retriedWhileBusy<T>(
  call: () => Promise<T>,
  { retries, stillWanted = () => true }: { retries: number; stillWanted?: () => boolean },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (failure) {
      const wait = attempt < retries ? busyWaitSeconds(failure) : null;
      if (wait === null) throw failure;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      if (!stillWanted()) throw failure;
    }
  }
}

/** How long a refused caller must wait (429, Too Many Requests), or null for any other failure. */
export function tooManyRequestsWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfterSeconds ?? 60;
}

/** `Retry-After` as seconds (a number of seconds or an HTTP date), or undefined. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/**
 * What to tell the person after a failed call: the server's own wording when it refused the
 * request (4xx: a wrong PIN, an expired session, a taken name), else the caller's `fallback` in
 * the page's language. A network failure (status 0) or a server fault (5xx) says nothing useful
 * to a visitor, and its English text would show on a Spanish page.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

export interface ApiClientOptions {
  /** Where the functions live; same origin through the gateway by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ baseUrl = FUNCTIONS_BASE_PATH, fetch: doFetch }: ApiClientOptions = {}) {
  const send = doFetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const unauthorizedListeners = new Set<(functionName: string) => void>();

  async function request<S extends z.core.$ZodType>(
    path: string,
    init: RequestInit,
    pickSchema: (contracts: Contracts) => S | Promise<S>,
  ): Promise<z.output<S>> {
    const contracts = await loadContracts();
    const schema = await pickSchema(contracts);
    let response: Response;
    // Relative to the page in a browser; explicit where there is a page but no base (a test DOM).
    const page = (globalThis as { location?: { href: string } }).location;
    const url = page ? new URL(`${baseUrl}/${path}`, page.href).href : `${baseUrl}/${path}`;
    try {
      response = await send(url, init);
    } catch {
      throw new ApiError('Network error', 0);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      const functionName = path.split('?')[0] ?? path;
      for (const listener of unauthorizedListeners) listener(functionName);
    }
    if (!response.ok) {
      const parsed = contracts.parseAnswer(contracts.otherResponses.error, body);
      const wait = retryAfter(response.headers.get('retry-after'));
      if (!parsed.success) throw new ApiError(`HTTP ${response.status}`, response.status, undefined, wait);
      throw new ApiError(parsed.data.error, response.status, parsed.data.code, wait);
    }
    const parsed = contracts.parseAnswer(schema, body);
    if (!parsed.success) throw new ApiError('Unexpected response from the server', response.status);
    return parsed.data;
  }

  const postJson = (
    path: string,
    body: unknown,
    pickContract: (contracts: Contracts) => FunctionContract | undefined | Promise<FunctionContract | undefined>,
  ) => {
    // The server refuses the same; refusing here spares the round trip and says which field.
    const unsafe = findUnsafeInput(body);
    if (unsafe) return Promise.reject(new ApiError(unsafe.message, 400));
    const sent = normalisedInput(body);
    return request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent) },
      async (contracts) => {
        const contract = await pickContract(contracts);
        if (!contract) throw new ApiError(`Unknown function or action: ${path}`, 400);
        return contract.response;
      },
    );
  };

  return {
    /**
     * Called on every 401: the page that owns the session (the sign-up wizard) decides what
     * a lost session means, once, instead of every call site. Returns the unsubscribe.
     */
    onUnauthorized(listener: (functionName: string) => void): () => void {
      unauthorizedListeners.add(listener);
      return () => unauthorizedListeners.delete(listener);
    },

    call<N extends PostFunctionName>(
      name: N,
      body: z.input<(typeof postFunctions)[N]['request']>,
    ): Promise<z.output<(typeof postFunctions)[N]['response']>> {
      return postJson(name, body, (contracts) => contracts.postFunctions[name]) as Promise<
        z.output<(typeof postFunctions)[N]['response']>
      >;
    },

    action<F extends ActionFunctionName, A extends ActionOf<F>>(
      name: F,
      action: A,
      payload: ActionRequest<F, A>,
    ): Promise<ActionResponse<F, A>> {
      return postJson(
        name,
        { action, ...(payload as object) },
        (contracts) => (contracts.actionFunctions[name] as Record<string, FunctionContract>)[action],
      ) as Promise<ActionResponse<F, A>>;
    },

    /**
     * The staff back-office's function: its session is a cookie the browser sends by itself. Its
     * contracts load apart from the public ones (no public page carries them).
     */
    backoffice<A extends BackofficeAction>(action: A, payload: BackofficeRequest<A>): Promise<BackofficeResponse<A>> {
      return postJson(
        'backoffice',
        { action, ...(payload as object) },
        async () =>
          ((await import('./schemas/backoffice')).backofficeActions as Record<string, FunctionContract>)[action],
      ) as Promise<BackofficeResponse<A>>;
    },

    /**
     * The tenant's account's function: its session is a cookie scoped to it. Its contracts load
     * apart from the public ones, like the back-office's.
     */
    account<A extends AccountAction>(action: A, payload: AccountRequest<A>): Promise<AccountResponse<A>> {
      return postJson(
        'account',
        { action, ...(payload as object) },
        async () => ((await import('./schemas/account')).accountActions as Record<string, FunctionContract>)[action],
      ) as Promise<AccountResponse<A>>;
    },

    products(query: Omit<ProductsQuery, 'accion'>): Promise<ProductsResponse> {
      const params = new URLSearchParams({ accion: 'ListarProductos' });
      // Every field of the query, so a new one cannot be dropped on the way.
      for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
      return request(`products?${params}`, { method: 'GET' }, (contracts) => contracts.otherResponses.products);
    },

    uploadDocument(registrationId: string, documentType: UploadType, file: Blob, fileName: string) {
      const form = new FormData();
      form.set('registrationId', registrationId);
      form.set('documentType', documentType);
      form.set('file', file, fileName);
      return request(
        'upload-document',
        { method: 'POST', body: form },
        (contracts) => contracts.otherResponses.uploadDocument,
      );
    },

    /** A tenant replaces a document staff rejected after the move-in (the account's session cookie). */
    replaceTenantDocument(registrationId: string, documentType: UploadType, file: Blob, fileName: string) {
      const form = new FormData();
      form.set('registrationId', registrationId);
      form.set('documentType', documentType);
      form.set('file', file, fileName);
      return request(
        'account/document',
        { method: 'POST', body: form },
        async () => (await import('./schemas/account')).accountDocumentResponse,
      );
    },

    /** A manager imports the bank's pain.002 or camt.054 (the back-office's session cookie). */
    importBankReport(file: Blob, fileName: string) {
      const form = new FormData();
      form.set('file', file, fileName);
      return request(
        'backoffice/bank-report',
        { method: 'POST', body: form },
        async () => (await import('./schemas/backoffice')).importedBankReport,
      );
    },

    /** URL of the Server-Sent Events stream of one registration's changes. */
    realtimeUrl(registrationId: string): string {
      return `${baseUrl}/realtime?registrationId=${encodeURIComponent(registrationId)}`;
    },
  };
}

export const api = createApiClient();

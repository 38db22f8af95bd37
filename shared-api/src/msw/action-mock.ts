import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import * as z from 'zod/mini';

type Contracts = Record<string, { request: z.core.$ZodType; response: z.core.$ZodType }>;
type Responder<T> = (body: Record<string, unknown>) => T | Response | Promise<T | Response>;

/**
 * One action function (`backoffice`, `account`) for a remote's component tests: a responder per
 * action; every answer must fit the contract (a mock that drifts from the server fails the test),
 * and every call is kept.
 */
export function mockActionFunction<C extends Contracts>(name: string, actions: C) {
  type Action = keyof C & string;
  const state = {
    responders: {} as { [A in Action]?: Responder<z.output<C[A]['response']>> },
    calls: [] as Record<string, unknown>[],
  };
  const server = setupServer(
    http.post(`*/functions/v1/${name}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const action = String(body.action) as Action;
      state.calls.push(body);
      const responder = state.responders[action];
      const contract = actions[action];
      if (!responder || !contract) return HttpResponse.json({ error: `No mock for ${action}` }, { status: 501 });
      const answer = await responder(body);
      if (answer instanceof Response) return answer;
      const parsed = z.safeParse(contract.response, answer);
      if (!parsed.success) {
        return HttpResponse.json({ error: `Mock for ${action} breaks the contract` }, { status: 500 });
      }
      return HttpResponse.json(parsed.data as Record<string, unknown>);
    }),
  );
  return {
    server,
    state,
    on<A extends Action>(action: A, responder: Responder<z.input<C[A]['response']>>) {
      (state.responders as Record<string, unknown>)[action] = responder;
    },
    calls: (action: Action) => state.calls.filter((call) => call.action === action),
    reset() {
      state.responders = {};
      state.calls = [];
    },
  };
}

/** A refusal as the functions answer it: the message, and the code when there is one. */
export const refusal = (status: number, error: string, code?: string) =>
  HttpResponse.json({ error, ...(code ? { code } : {}) }, { status });

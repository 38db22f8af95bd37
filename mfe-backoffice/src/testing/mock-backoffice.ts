import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { type BackofficeAction, type BackofficeResponse, backofficeActions } from 'shared-api/backoffice';

type Responder<A extends BackofficeAction> = (
  body: Record<string, unknown>,
) => BackofficeResponse<A> | Response | Promise<BackofficeResponse<A> | Response>;

/**
 * The back-office function for component tests: one responder per action; every answer must
 * fit the contract (a mock that drifts from the server fails the test), and every call is kept.
 */
export function mockBackoffice() {
  const state = {
    responders: {} as { [A in BackofficeAction]?: Responder<A> },
    calls: [] as Record<string, unknown>[],
  };
  const server = setupServer(
    http.post('*/functions/v1/backoffice', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const action = String(body.action) as BackofficeAction;
      state.calls.push(body);
      const responder = state.responders[action] as Responder<typeof action> | undefined;
      if (!responder) return HttpResponse.json({ error: `No mock for ${action}` }, { status: 501 });
      const answer = await responder(body);
      if (answer instanceof Response) return answer;
      const parsed = backofficeActions[action].response.safeParse(answer);
      if (!parsed.success)
        return HttpResponse.json({ error: `Mock for ${action} breaks the contract` }, { status: 500 });
      return HttpResponse.json(parsed.data as Record<string, unknown>);
    }),
  );
  return {
    server,
    state,
    on<A extends BackofficeAction>(action: A, responder: Responder<A>) {
      (state.responders as Record<string, unknown>)[action] = responder;
    },
    calls: (action: BackofficeAction) => state.calls.filter((call) => call.action === action),
    reset() {
      state.responders = {};
      state.calls = [];
    },
  };
}

export const refusal = (status: number, error: string, code?: string) =>
  HttpResponse.json({ error, ...(code ? { code } : {}) }, { status });

import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { abridorActions } from 'shared-api';

export type AbridorResponder = (body: Record<string, unknown>) => unknown;

/**
 * An abridor function for component tests that, unlike the shared msw handlers, answers with a
 * Date header from a server clock of its own (`skewMs` ahead of this machine's), and can hold an
 * action's answer back until the test releases it.
 */
export function mockAbridor() {
  const state = {
    responders: {} as Record<string, AbridorResponder>,
    skewMs: 0,
    held: new Map<string, Promise<void>>(),
    calls: [] as Record<string, unknown>[],
  };
  const server = setupServer(
    http.post('*/functions/v1/abridor', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const action = String(body.action);
      state.calls.push(body);
      await state.held.get(action);
      const responder = state.responders[action];
      if (!responder) return HttpResponse.json({ error: `No mock for ${action}` }, { status: 501 });
      const answer = responder(body);
      if (answer instanceof Response) return answer;
      // Every reply must fit the contract, as the shared handlers insist.
      const contract = abridorActions[action as keyof typeof abridorActions];
      const parsed = contract.response.safeParse(answer);
      if (!parsed.success)
        return HttpResponse.json({ error: `Mock for ${action} breaks the contract` }, { status: 500 });
      return HttpResponse.json(parsed.data as Record<string, unknown>, {
        headers: { Date: new Date(Date.now() + state.skewMs).toUTCString() },
      });
    }),
  );
  return {
    server,
    state,
    /** The server's clock now. */
    serverNow: () => Date.now() + state.skewMs,
    /** Holds `action` until the returned function is called. */
    hold(action: string): () => void {
      let release = () => {};
      state.held.set(
        action,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        state.held.delete(action);
        release();
      };
    },
    reset() {
      state.responders = {};
      state.skewMs = 0;
      state.held.clear();
      state.calls = [];
      server.resetHandlers();
    },
  };
}

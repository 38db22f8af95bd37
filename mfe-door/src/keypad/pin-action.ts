import { type ActionRequest, type ActionResponse, createApiClient } from 'shared-api';
import type { ServerClock } from './countdown';

type PinAction = 'door_action' | 'change_pin';

/**
 * An abridor action that checks the PIN, answered together with the clock of its response: a
 * lockout ends at a server time, and only that response's Date header tells how far the server's
 * clock is from this device's. A client per call keeps each header with its own answer.
 */
export async function pinAction<A extends PinAction>(
  action: A,
  payload: ActionRequest<'abridor', A>,
): Promise<{ answer: ActionResponse<'abridor', A>; clock: ServerClock }> {
  let clock: ServerClock = { dateHeader: null, receivedAt: Date.now() };
  const client = createApiClient({
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      clock = { dateHeader: response.headers.get('date'), receivedAt: Date.now() };
      return response;
    },
  });
  const answer = await client.action('abridor', action, payload);
  return { answer, clock };
}

import { postFunctions } from 'shared-api';
import { joinWaitlist } from '../../modules/waitlist';
import { jsonFunction } from '../router';

/** POST send-waitlist-email: a request to join a product's waitlist, confirmed from its e-mail. */
export const sendWaitlistEmailFunction = jsonFunction(
  'send-waitlist-email',
  postFunctions['send-waitlist-email'],
  async (request, ctx) => {
    await joinWaitlist(ctx, request);
    return { success: true };
  },
);

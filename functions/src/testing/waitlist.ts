interface Outbox {
  sentTo(recipient: string): Promise<{ body: string }[]>;
}
interface Caller {
  post<T>(name: string, body: unknown): Promise<{ status: number; body: T }>;
}

/** The private token in the latest waitlist e-mail to `email` (its confirmation, or an offer). */
async function waitlistToken(service: Outbox, email: string): Promise<string> {
  const mails = await service.sentTo(email);
  const body = mails.at(-1)?.body ?? '';
  return /\/(?:es\/lista-espera|en\/waitlist)\/([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? '';
}

/** What the visitor does with the confirmation e-mail: open its link and confirm; the entry is in line. */
export async function confirmWaitlistFromMail(service: Outbox & Caller, email: string) {
  const token = await waitlistToken(service, email);
  const confirmed = await service.post<{ status?: string }>('confirm-waitlist-entry', { token });
  if (confirmed.body.status !== 'waiting') throw new Error(`waitlist entry of ${email} not confirmed`);
  return token;
}

-- E-mail and SMS delivery is one more kind of the one job queue ('outbox.deliver', on the
-- service clock); the outbox keeps each message, its attempts, last error and outcome. Messages
-- the poller it replaces left unsent get their job here (a channel without a provider is left to
-- the outbox, as before), and the poller's own columns go.
insert into jobs (kind, payload, key, run_at)
select 'outbox.deliver',
  jsonb_build_object('outboxId', id::text,
    'expiresAt', to_char((created_at + interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
  'outbox.deliver:' || id,
  next_attempt_at
from outbox where sent_at is null and failed_at is null
on conflict do nothing;

drop index if exists outbox_due_idx;
alter table outbox drop column next_attempt_at;
alter table outbox drop column claimed_until;

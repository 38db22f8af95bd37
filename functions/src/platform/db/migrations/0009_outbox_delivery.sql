-- The outbox is the delivery queue: a message is a row written in its sender's transaction, and
-- a poller (adapters/outbox-delivery.ts) hands due rows to SMTP or an SMS provider, retrying
-- with back-off. Nothing is held in memory between the commit and the delivery.

-- Claims made, including the one under way.
alter table outbox add column attempts integer not null default 0;
-- Not before then (back-off after a failure).
alter table outbox add column next_attempt_at timestamptz not null default now();
-- An instance is delivering it until then; a crashed one's claim runs out and another retries.
alter table outbox add column claimed_until timestamptz;
-- Given up: too many failures, or too old to be worth sending. `error` says why.
alter table outbox add column failed_at timestamptz;

create index outbox_due_idx on outbox (next_attempt_at, id) where sent_at is null and failed_at is null;

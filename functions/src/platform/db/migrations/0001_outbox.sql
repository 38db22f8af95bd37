-- Every e-mail and SMS the service sends is written here first, whatever the provider:
-- an audit trail, a retry queue, and in development the place a tester reads codes from.
create table outbox (
  id bigserial primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index outbox_recipient_idx on outbox (recipient, created_at desc);

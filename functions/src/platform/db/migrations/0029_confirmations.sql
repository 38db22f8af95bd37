-- Abuse (#31): what a stranger's request may cause is counted and held only once confirmed.

-- Every message a not-yet-proven request causes to an address (codes, confirmations, password
-- links), by channel and normalised address, at the service clock's time: the per-recipient budget.
create table message_budget (
  id bigserial primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  sent_at timestamptz not null
);
create index message_budget_recipient_idx on message_budget (channel, recipient, sent_at desc);

-- A waitlist entry enters the line only once its e-mail confirmed it; unconfirmed ones lapse.
alter table waitlist_requests drop constraint waitlist_requests_status_check;
alter table waitlist_requests add constraint waitlist_requests_status_check
  check (status in ('unconfirmed', 'waiting', 'offered', 'accepted', 'offer_expired', 'left', 'lapsed'));
alter table waitlist_requests add column confirmed_at timestamptz;
-- Entries made before confirmation existed were accepted as they were.
update waitlist_requests set confirmed_at = created_at;
create index waitlist_requests_email_live_idx on waitlist_requests (lower(email))
  where status in ('unconfirmed', 'waiting', 'offered', 'accepted');

-- An offer nobody opened holds its units for a shorter time.
alter table waitlist_offers add column opened_at timestamptz;
update waitlist_offers set opened_at = created_at;

-- A visit holds its place for minutes until confirmed from the visitor's e-mail (link or code).
alter table visits drop constraint visits_status_check;
alter table visits add constraint visits_status_check check (status in ('pending', 'booked', 'cancelled', 'lapsed'));
alter table visits add column hold_until timestamptz;
alter table visits add column confirm_code_hash text;
alter table visits add column confirm_attempts integer not null default 0;
alter table visits add column confirmed_at timestamptz;
-- The held visit's page link (confirm, cancel), apart from the cancel link the confirmation e-mail carries.
alter table visits add column page_token_hash text unique;
update visits set confirmed_at = created_at where status = 'booked';
create index visits_email_idx on visits (lower(email)) where status in ('pending', 'booked');

-- A message resent from the back-office is a new outbox row that names the one it repeats: two
-- presses of Resend within a minute send it once.
alter table outbox add column resent_from bigint references outbox (id) on delete set null;
create index outbox_resent_from_idx on outbox (resent_from) where resent_from is not null;

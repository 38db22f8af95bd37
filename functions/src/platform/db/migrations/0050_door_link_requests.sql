-- A door link a tenant asked for from their account: when (on the service clock, which its hourly
-- limit counts by), apart from the ones issued at move-in or by staff.
alter table door_magic_tokens add column created_at timestamptz not null default now();
alter table door_magic_tokens add column from_account boolean not null default false;

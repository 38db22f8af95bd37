-- "Is there a sign-up with this e-mail and phone?" is throttled per address like recovery codes:
-- each question is a row of its own kind.
alter table registration_code_lookups add column kind text not null default 'recovery'
  check (kind in ('recovery', 'existing'));
drop index registration_code_lookups_ip_idx;
create index registration_code_lookups_ip_idx on registration_code_lookups (kind, ip, created_at desc);

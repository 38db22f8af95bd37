-- ASVS L2 (#31): a new member chooses their own password from an invitation (nobody else ever
-- knows it), and a manager's second factor comes with one-time recovery codes.
alter table staff_password_resets add column purpose text not null default 'reset'
  check (purpose in ('reset', 'invitation'));

-- Only SHA-256 of each code is kept; a code works once.
create table staff_recovery_codes (
  id bigserial primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  code_hash text not null unique,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index staff_recovery_codes_staff_idx on staff_recovery_codes (staff_id) where used_at is null;

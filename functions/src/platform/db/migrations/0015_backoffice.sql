-- The staff back-office: accounts with a role, their sessions (cookie secrets, hashed), login
-- attempts for throttling, the audit of every write and document view, and the review of the
-- applicants' documents.
create table staff_users (
  id uuid primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('manager', 'staff')),
  password_hash text not null,
  -- Base32 TOTP secret of a manager's second factor; pending until a first code confirms it.
  totp_secret text,
  totp_enabled boolean not null default false,
  -- The last time step a code was accepted for: the same code is not accepted twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not totp_enabled or totp_secret is not null)
);
create unique index staff_users_email_idx on staff_users (lower(email));

create table staff_sessions (
  token_hash text primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);
create index staff_sessions_staff_idx on staff_sessions (staff_id) where revoked_at is null;

create table staff_login_attempts (
  id bigserial primary key,
  email text not null,
  ip text,
  succeeded boolean not null,
  created_at timestamptz not null default now()
);
create index staff_login_attempts_email_idx on staff_login_attempts (lower(email), created_at desc);

-- Who did what, when, to what, and the record before and after.
create table staff_audit (
  id bigserial primary key,
  staff_id uuid references staff_users (id) on delete set null,
  staff_email text not null,
  action text not null,
  target text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index staff_audit_created_idx on staff_audit (created_at desc, id desc);

alter table registration_documents add column review_status text not null default 'pending'
  check (review_status in ('pending', 'approved', 'rejected'));
alter table registration_documents add column reviewed_at timestamptz;
alter table registration_documents add column reviewed_by text;
alter table registration_documents add column rejection_reason text;

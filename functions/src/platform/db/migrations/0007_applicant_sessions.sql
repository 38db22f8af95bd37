-- A registration id is a locator, not a credential: whoever reads or changes a registration
-- must hold one of its sessions (a random secret in an httpOnly cookie; only its hash is here).
create table registration_sessions (
  secret_hash text primary key,
  registration_id uuid not null references registrations (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Sliding 15 minutes (spec §6), refreshed by every call that presents the secret.
  last_seen_at timestamptz not null default now()
);
create index registration_sessions_registration_idx on registration_sessions (registration_id);

-- Recovery on another device: the recovery code plus a one-time code sent to the contacts on file.
create table registration_recoveries (
  registration_id uuid primary key references registrations (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  sent_at timestamptz not null default now()
);

-- Messages that must never be listed by the development outbox endpoint (the company's signing
-- links): they reach only their recipient.
alter table outbox add column listed boolean not null default true;

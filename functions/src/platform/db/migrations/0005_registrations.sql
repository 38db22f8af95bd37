-- The sign-up wizard: registrations, their verification codes and their documents.
create table registrations (
  id uuid primary key,
  -- The 6-character recovery code (unambiguous alphabet), unique across registrations.
  registration_code text not null unique,
  client_type text not null check (client_type in ('individual', 'company')),
  full_name text not null,
  company_name text,
  document_type text not null check (document_type in ('dni', 'nie')),
  document_number text not null,
  cif text,
  email text not null,
  phone text not null,
  address text not null,
  city text not null,
  postal_code text not null,
  iban text not null,
  email_verified boolean not null default false,
  phone_verified boolean not null default false,
  client_id text,
  global_status text not null default 'in_progress' check (global_status in ('in_progress', 'completed')),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Every call about the registration refreshes it: is_session_valid reads it.
  last_activity_at timestamptz not null default now(),
  -- When the recovery code was last e-mailed after check_existing (at most once per cooldown).
  code_reminder_sent_at timestamptz
);
create index registrations_contact_idx on registrations (lower(email), phone);

-- One pending code per channel; only its hash is kept.
create table registration_verifications (
  registration_id uuid not null references registrations (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  code_hash text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  sent_at timestamptz not null default now(),
  primary key (registration_id, channel)
);

create table registration_documents (
  registration_id uuid not null references registrations (id) on delete cascade,
  document_type text not null check (document_type in ('frontId', 'backId', 'bankDocument')),
  file_path text not null,
  content_type text not null,
  size_bytes integer not null,
  uploaded_at timestamptz not null default now(),
  primary key (registration_id, document_type)
);

-- Failed recovery-code lookups per address: guessing codes is throttled.
create table registration_code_lookups (
  id bigserial primary key,
  ip text,
  created_at timestamptz not null default now()
);
create index registration_code_lookups_ip_idx on registration_code_lookups (ip, created_at desc);

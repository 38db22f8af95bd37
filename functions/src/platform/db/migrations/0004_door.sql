-- The door-access tool: users, sessions, magic links, the PIN lockout and the audit trail.
-- Secrets are stored hashed only: passwords (scrypt, per-user salt), PINs (scrypt under an
-- installation pepper, so that a unique index keeps PINs unique), tokens (SHA-256).
create table door_settings (
  key text primary key,
  value text not null
);

create table door_users (
  id uuid primary key,
  usuario text not null unique,
  password_hash text not null,
  pin_hash text not null unique,
  box text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table door_sessions (
  token_hash text primary key,
  user_id uuid not null references door_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create table door_magic_tokens (
  token_hash text primary key,
  user_id uuid not null references door_users (id) on delete cascade,
  created_by uuid references door_users (id) on delete set null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Failed PINs count per user on the server, so a script cannot brute-force the keypad.
create table door_pin_failures (
  user_id uuid primary key references door_users (id) on delete cascade,
  failures integer not null default 0,
  locked_until timestamptz
);

create table door_audit (
  id bigserial primary key,
  user_id uuid references door_users (id) on delete set null,
  usuario text,
  action text not null,
  result text not null,
  ip text,
  created_at timestamptz not null default now()
);
create index door_audit_recent_idx on door_audit (created_at desc);
create index door_audit_login_idx on door_audit (action, result, created_at desc);

-- What the simulated relay did (the default adapter when no DOOR_RELAY_URL is set).
create table door_relay_pulses (
  id bigserial primary key,
  door_action text not null check (door_action in ('ENTRADA', 'SALIDA')),
  user_id uuid references door_users (id) on delete set null,
  created_at timestamptz not null default now()
);

-- One-time links to choose a new back-office password: asked from the login page or sent by a
-- manager. Only the SHA-256 of the link's secret is kept; a used or expired link opens nothing.
create table staff_password_resets (
  id uuid primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  token_hash text not null unique,
  -- 'self' (the login page) or the e-mail of the manager who sent it.
  requested_by text not null,
  -- The language the link was sent in: the notice that the password changed is written in it.
  language text not null check (language in ('es', 'en')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- Wrong second-factor codes given with this link: at the limit it stops working.
  failed_codes integer not null default 0
);
create index staff_password_resets_staff_idx on staff_password_resets (staff_id, created_at);

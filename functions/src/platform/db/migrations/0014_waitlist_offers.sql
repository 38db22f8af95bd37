-- The waitlist gets a line: each entry has private links (their tokens, hashed), a status, and a
-- position among the entries for its product; a unit that becomes free is offered to the first
-- in line and held for them for a while. Timed work runs from the `jobs` table.

alter table waitlist_requests add column status text not null default 'waiting'
  check (status in ('waiting', 'offered', 'accepted', 'offer_expired', 'left'));
alter table waitlist_requests add column left_at timestamptz;
-- The line of a product: oldest first.
create index waitlist_requests_line_idx on waitlist_requests (product_pid, created_at, id)
  where status in ('waiting', 'offered');

-- A private link to an entry's page. Only hashes are kept, so each e-mail that needs the link
-- (the confirmation, an offer) carries a new one; every one of them keeps working.
create table waitlist_links (
  token_hash text primary key,
  entry_id bigint not null references waitlist_requests (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index waitlist_links_entry_idx on waitlist_links (entry_id);

create table waitlist_offers (
  id uuid primary key,
  entry_id bigint not null references waitlist_requests (id) on delete cascade,
  product_id integer not null references products (pid),
  -- open: held for the entry; accepted: its sign-up started (the entry left the line);
  -- expired: not taken in time; lapsed: accepted but the sign-up not completed in time;
  -- fulfilled: the sign-up completed and the held units were occupied.
  status text not null default 'open'
    check (status in ('open', 'accepted', 'expired', 'lapsed', 'fulfilled', 'withdrawn')),
  -- The registration that took it (linked when the applicant's e-mail is verified).
  registration_id uuid references registrations (id) on delete set null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  closed_at timestamptz,
  check (expires_at > created_at)
);
-- One live offer per entry.
create unique index waitlist_offers_live_idx on waitlist_offers (entry_id) where status in ('open', 'accepted');

-- A held unit is held for a registration (its sign-up) or for a waitlist offer.
alter table units add column offer_id uuid references waitlist_offers (id) on delete set null;
alter table units drop constraint units_check1;
alter table units add constraint units_held_for_someone
  check (status <> 'held' or registration_id is not null or offer_id is not null);
alter table units add constraint units_offer_only_held check (status = 'held' or offer_id is null);

-- Timed work (offers, hold expiry), shared by every instance of the service and kept across
-- restarts: claimed with FOR UPDATE SKIP LOCKED like the outbox. `run_at` is on the service's
-- clock (adjustable in tests and development), the claims on the database's.
create table jobs (
  id bigserial primary key,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  -- At most one pending job per key (one offer round per product, one expiry per offer).
  key text,
  run_at timestamptz not null,
  -- Scheduled again while it ran: it runs once more after this run.
  rerun boolean not null default false,
  attempts integer not null default 0,
  claimed_until timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create unique index jobs_pending_key_idx on jobs (key) where done_at is null and failed_at is null;
create index jobs_due_idx on jobs (run_at, id) where done_at is null and failed_at is null;

-- What the bank said about each collection sent: paid, or returned with its reason. A returned
-- collection the rulebook lets us present again is scheduled anew under a new end-to-end id; its
-- return stays recorded here. A bank report imported is remembered by its hash: the same file twice
-- records nothing twice.
alter table rent_periods add column paid_at timestamptz;
alter table rent_periods add column returned_at timestamptz;
alter table rent_periods add column return_reason text;
alter table rent_periods add column attempts integer not null default 1 check (attempts > 0);

create table collection_returns (
  id uuid primary key,
  rent_period_id uuid not null references rent_periods (id) on delete cascade,
  end_to_end_id text not null unique,
  reason text,
  returned_at timestamptz not null,
  -- 'manual:<staff e-mail>' or 'report:<bank message id>'.
  source text not null,
  retried boolean not null
);
create index collection_returns_period_idx on collection_returns (rent_period_id);

create table bank_reports (
  id uuid primary key,
  sha256 text not null unique,
  kind text not null check (kind in ('pain.002', 'camt.054')),
  message_id text not null,
  filename text not null,
  imported_at timestamptz not null,
  imported_by text not null,
  paid integer not null,
  returned integer not null,
  unchanged integer not null,
  unknown integer not null
);

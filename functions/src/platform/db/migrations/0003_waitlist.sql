-- Visitors waiting for a storage option that is out of stock.
create table waitlist_requests (
  id bigserial primary key,
  full_name text not null,
  phone text not null,
  email text not null,
  timeframe text not null check (timeframe in ('asap', 'next_week', 'next_month', 'dont_know')),
  product_pid text not null,
  product_name text not null,
  units_required integer not null check (units_required > 0),
  volume_requested numeric(10, 3) not null check (volume_requested >= 0),
  proceso text,
  -- Same request twice within a minute (a double click, a retry) is stored once.
  request_hash text not null,
  created_at timestamptz not null default now()
);
create index waitlist_requests_hash_idx on waitlist_requests (request_hash, created_at desc);

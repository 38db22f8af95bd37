-- Visits to the facility booked on the site: the slot rules (one row), the days it is closed,
-- and the visits, each with a private cancel link (its token hashed).
create table visit_rules (
  id boolean primary key default true check (id),
  -- ISO weekdays the facility shows units: 1 Monday … 7 Sunday.
  weekdays integer[] not null default '{1,2,3,4,5,6}',
  opens_at text not null default '10:00' check (opens_at ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  closes_at text not null default '19:00' check (closes_at ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  slot_minutes integer not null default 30 check (slot_minutes between 10 and 240),
  capacity integer not null default 2 check (capacity between 1 and 20),
  -- How far ahead a visit may be booked, and how soon at the earliest.
  booking_days integer not null default 21 check (booking_days between 1 and 120),
  min_notice_minutes integer not null default 120 check (min_notice_minutes between 0 and 2880),
  updated_at timestamptz not null default now(),
  check (opens_at < closes_at)
);
insert into visit_rules default values;

create table visit_closed_dates (
  day date primary key,
  reason text
);

create table visits (
  id uuid primary key,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  full_name text not null,
  phone text not null,
  email text not null,
  language text not null check (language in ('es', 'en')),
  status text not null default 'booked' check (status in ('booked', 'cancelled')),
  cancel_token_hash text not null unique,
  created_at timestamptz not null default now(),
  cancelled_at timestamptz,
  -- `visitor` (their link) or the staff member's e-mail.
  cancelled_by text
);
create index visits_booked_idx on visits (starts_at) where status = 'booked';

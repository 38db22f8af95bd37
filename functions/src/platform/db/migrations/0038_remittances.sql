-- A remittance: the pain.008 file of the collections due by a date, made by a manager and kept as
-- made; each collection it carries is submitted until the bank's report says paid or returned.
create table remittances (
  id uuid primary key,
  -- MsgId of the file (unique per creditor, at most 35 characters).
  message_id text not null unique,
  due_by date not null,
  created_at timestamptz not null default now(),
  created_by text not null,
  collections integer not null check (collections > 0),
  total_cents integer not null check (total_cents > 0),
  xml text not null
);

alter table rent_periods drop constraint if exists invoices_status_check;
alter table rent_periods add constraint rent_periods_status_check
  check (status in ('scheduled', 'submitted', 'paid', 'returned', 'cancelled'));
alter table rent_periods add column remittance_id uuid references remittances (id);
alter table rent_periods add column submitted_at timestamptz;
create index rent_periods_remittance_idx on rent_periods (remittance_id);

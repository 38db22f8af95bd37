-- The rent schedule was called invoices; it is the schedule of rent periods, each one collection
-- of a remittance. An invoice (factura) is now the tax document issued for a period, in its own
-- table, numbered in a series without gaps and chained record to record (VERI*FACTU).
alter table invoices rename to rent_periods;
alter index invoices_due_idx rename to rent_periods_due_idx;
-- Money is integer cents end to end.
alter table rent_periods add column amount_cents integer;
update rent_periods set amount_cents = round(amount * 100)::integer;
alter table rent_periods alter column amount_cents set not null;
alter table rent_periods add constraint rent_periods_amount_cents_check check (amount_cents > 0);
alter table rent_periods drop column amount;

-- The last number given in each series and year: taken with the invoice in one transaction, so a
-- number is used exactly when its invoice exists (no gaps, no repeats).
create table invoice_series (
  -- F: invoices; R: credit notes (facturas rectificativas), a series of their own.
  series text not null check (series in ('F', 'R')),
  year integer not null,
  last_number integer not null check (last_number > 0),
  primary key (series, year)
);

-- The head of the issuer's chain of invoice records: each record carries the hash of the one
-- before it. Its row is locked while a record is added, so the chain never forks.
create table invoice_chain (
  issuer_tax_id text primary key,
  last_hash text,
  records integer not null default 0
);

create table invoices (
  id uuid primary key,
  -- F2026-000123 or R2026-000004.
  number text not null unique,
  series text not null check (series in ('F', 'R')),
  year integer not null,
  sequence integer not null check (sequence > 0),
  -- F1 an invoice; R1 a credit note for a price reduced or a service cancelled (art. 80 LIVA).
  invoice_type text not null check (invoice_type in ('F1', 'R1')),
  issue_date date not null,
  -- Kept with the tenancy while it exists; the invoice itself keeps who it was issued to.
  registration_id uuid references registrations (id) on delete set null,
  rent_period_id uuid unique references rent_periods (id) on delete set null,
  corrects_invoice_id uuid references invoices (id),
  correction_reason text,
  seller jsonb not null,
  buyer jsonb not null,
  lines jsonb not null,
  vat_rate integer not null check (vat_rate between 0 and 100),
  base_cents integer not null,
  vat_cents integer not null,
  total_cents integer not null,
  mandate_reference text,
  -- VERI*FACTU: the record's time with its zone, the previous record's hash, this one's.
  recorded_at text not null,
  previous_hash text,
  hash text not null unique,
  pdf bytea not null,
  created_at timestamptz not null default now(),
  unique (series, year, sequence),
  check (base_cents + vat_cents = total_cents),
  check ((invoice_type = 'R1') = (corrects_invoice_id is not null)),
  check ((invoice_type = 'R1') = (series = 'R'))
);
create index invoices_registration_idx on invoices (registration_id, issue_date);

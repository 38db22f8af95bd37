-- Rent is paid by SEPA Core direct debit. The contract the applicant signs carries the mandate;
-- the mandate is its own record (it outlives the contract's text and is what a bank asks for),
-- and move-in writes the rent schedule the remittances (pain.008) are made from.
create table sepa_mandates (
  -- Unique mandate reference (MndtId): at most 35 characters of the SEPA set.
  reference text primary key check (reference ~ '^[A-Za-z0-9/?:().,''+ -]{1,35}$'),
  registration_id uuid not null references registrations (id) on delete cascade,
  contract_id uuid not null unique references contracts (id) on delete cascade,
  creditor_identifier text not null,
  creditor_name text not null,
  debtor_name text not null,
  debtor_iban text not null check (debtor_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'),
  payment_type text not null default 'recurrent' check (payment_type = 'recurrent'),
  signature_place text not null,
  -- Signed with the contract (the applicant's signature); cancelled when the contract is declined
  -- or the rental ends.
  status text not null default 'awaiting_signature' check (status in ('awaiting_signature', 'signed', 'cancelled')),
  created_at timestamptz not null default now(),
  signed_at timestamptz,
  cancelled_at timestamptz,
  check (status <> 'signed' or signed_at is not null)
);
create index sepa_mandates_registration_idx on sepa_mandates (registration_id);

-- The rent schedule: one row per period from move-in, each one collection of a remittance.
create table invoices (
  id uuid primary key,
  registration_id uuid not null references registrations (id) on delete cascade,
  mandate_reference text not null references sepa_mandates (reference),
  sequence integer not null check (sequence > 0),
  period_start date not null,
  period_end date not null,
  -- Requested collection date (ReqdColltnDt).
  due_date date not null,
  amount numeric(10, 2) not null check (amount > 0),
  currency text not null default 'EUR',
  -- FRST for a mandate's first collection, RCUR after it (SeqTp).
  sequence_type text not null check (sequence_type in ('FRST', 'RCUR')),
  end_to_end_id text not null unique,
  description text not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  created_at timestamptz not null default now(),
  unique (registration_id, sequence),
  check (period_end >= period_start)
);
create index invoices_due_idx on invoices (due_date) where status = 'scheduled';

-- A card payment is a sign-up's deposit or a tenant's overdue balance, paid through the private link
-- the tenant is sent when a collection is returned. The deposit keeps its rule of one payment live
-- per registration; a balance has at most one in flight, and names the rent periods it settles.
alter table payments add column purpose text not null default 'deposit' check (purpose in ('deposit', 'balance'));
alter table payments add column settles jsonb;
drop index payments_one_live_idx;
create unique index payments_one_live_idx on payments (registration_id)
  where status in ('pending', 'processing', 'completed') and purpose = 'deposit';
create unique index payments_one_balance_in_flight_idx on payments (registration_id)
  where status in ('pending', 'processing') and purpose = 'balance';

-- Money received from a tenant for what they were invoiced (positive), or given back to their bank
-- (a direct debit returned after it was paid: negative). A tenant's balance is what they were
-- invoiced (credit notes negative) less these; the deposit is not rent and stays out of it.
create table money_movements (
  id uuid primary key,
  registration_id uuid references registrations (id) on delete set null,
  kind text not null check (kind in ('direct_debit', 'direct_debit_return', 'card', 'office')),
  amount_cents integer not null check (amount_cents <> 0),
  rent_period_id uuid references rent_periods (id) on delete set null,
  payment_id uuid references payments (id) on delete set null,
  -- The collection's end-to-end id, or who recorded it by hand.
  reference text,
  occurred_at timestamptz not null,
  check ((kind = 'direct_debit_return') = (amount_cents < 0))
);
create index money_movements_registration_idx on money_movements (registration_id, occurred_at);

-- The collections already paid, as the money they brought (those invoiced since invoices exist).
insert into money_movements (id, registration_id, kind, amount_cents, rent_period_id, reference, occurred_at)
select gen_random_uuid(), p.registration_id, 'direct_debit', p.amount_cents, p.id, p.end_to_end_id, p.paid_at
from rent_periods p
where p.status = 'paid' and p.paid_at is not null and exists (select 1 from invoices i where i.rent_period_id = p.id);

-- Today's page and the arrears list read tenants by the last time they were told of their arrears.
alter table registrations add column arrears_contacted_at timestamptz;

-- A tenant's private link to pay their overdue balance by card, in each e-mail about arrears. Only
-- hashes are kept; every link sent keeps working until it expires (the balance is read when opened).
create table pay_links (
  token_hash text primary key,
  registration_id uuid not null references registrations (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index pay_links_registration_idx on pay_links (registration_id);

-- The arrears rules, a manager's settings (one row): days of grace before a late fee, the fee (once
-- per overdue invoice, on its own invoice), how many days before the suspension the tenant is
-- warned, and after how many days overdue the door refuses their PIN.
create table arrears_settings (
  id boolean primary key default true check (id),
  grace_days integer not null default 5 check (grace_days between 0 and 60),
  late_fee_cents integer not null default 1500 check (late_fee_cents between 0 and 100000),
  warning_days integer not null default 3 check (warning_days between 1 and 30),
  suspend_after_days integer not null default 15 check (suspend_after_days between 1 and 180),
  updated_at timestamptz,
  updated_by text,
  check (warning_days < suspend_after_days)
);
insert into arrears_settings default values;

-- Overdue since the bank returned it (cleared when paid); its late fee's invoice, once issued.
alter table rent_periods add column overdue_since date;
alter table rent_periods add column late_fee_invoice_id uuid references invoices (id) on delete set null;
create index rent_periods_overdue_idx on rent_periods (registration_id) where overdue_since is not null;
alter table registrations add column arrears_warned_at timestamptz;

-- Units, not counters: each rentable unit is a row, and a product's stock is how many of its
-- units are available (the product_stock view). No counter of its own that could drift.
create table units (
  -- What is painted on the door: A- boxes, B- street-level units, C- basement furniture storage.
  unit_number text primary key,
  product_id integer not null references products (pid),
  status text not null default 'available'
    check (status in ('available', 'held', 'occupied', 'out_of_service')),
  -- Who holds or occupies it. An occupied unit rented before this system has none.
  registration_id uuid references registrations (id) on delete set null,
  updated_at timestamptz not null default now(),
  check (status in ('held', 'occupied') or registration_id is null),
  check (status <> 'held' or registration_id is not null)
);
-- Allocation takes the first free unit by number.
create index units_available_idx on units (product_id, unit_number) where status = 'available';
create index units_registration_idx on units (registration_id) where registration_id is not null;

-- The demo facility: each product's former stock level as available units, plus the units
-- already let to tenants from before (a few per product, all of them where stock was 0).
insert into units (unit_number, product_id, status)
select
  (case p.gid when 1 then 'A' when 2 then 'B' else 'C' end)
    || '-' || lpad((row_number() over (partition by p.gid order by p.pid, s.n))::text, 3, '0'),
  p.pid,
  case when s.n <= p.stock then 'available' else 'occupied' end
from products p
cross join lateral generate_series(1, p.stock + 2 + p.pid % 4) as s (n)
where p.stock_control;

create view product_stock as
select p.pid, count(u.unit_number) filter (where u.status = 'available')::integer as stock
from products p
left join units u on u.product_id = p.pid
group by p.pid;

alter table products drop column stock;

-- Move-in: a completed registration's units are allocated, or it waits for one (a race for
-- the last unit). `null` until the contract is completed.
alter table registrations add column move_in_status text
  check (move_in_status in ('allocated', 'awaiting_unit'));

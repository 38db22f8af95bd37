-- Who had each unit, and when: the history the units table forgets (it holds only today's tenant).
-- Written by a trigger on units, whichever path lets or frees one (move-in, a unit assigned by hand,
-- the end of a rental), so no path can forget it. Its times are the database's: history, not a
-- deadline. The monthly occupancy on Today counts the lettings open at each month's end.
create table unit_lettings (
  id bigserial primary key,
  unit_number text not null references units (unit_number) on delete cascade,
  registration_id uuid references registrations (id) on delete set null,
  let_from timestamptz not null,
  let_until timestamptz,
  check (let_until is null or let_until >= let_from)
);
create unique index unit_lettings_open_idx on unit_lettings (unit_number) where let_until is null;
create index unit_lettings_period_idx on unit_lettings (let_from, let_until);
create index unit_lettings_registration_idx on unit_lettings (registration_id);

-- The units let today, from their tenancy's first rent period (or when the row last changed).
insert into unit_lettings (unit_number, registration_id, let_from)
select u.unit_number, u.registration_id,
  coalesce((select min(p.period_start)::timestamptz from rent_periods p where p.registration_id = u.registration_id), u.updated_at)
from units u where u.status = 'occupied';

create or replace function record_unit_letting() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.status = 'occupied'
     and (new.status <> 'occupied' or new.registration_id is distinct from old.registration_id) then
    update unit_lettings set let_until = greatest(now(), let_from) where unit_number = old.unit_number and let_until is null;
  end if;
  if new.status = 'occupied'
     and (tg_op = 'INSERT' or old.status <> 'occupied' or new.registration_id is distinct from old.registration_id) then
    insert into unit_lettings (unit_number, registration_id, let_from) values (new.unit_number, new.registration_id, now());
  end if;
  return new;
end;
$$;
create trigger units_record_letting after insert or update of status, registration_id on units
  for each row execute function record_unit_letting();

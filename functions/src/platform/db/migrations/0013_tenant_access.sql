-- A tenant's door access: the door user made at move-in belongs to the registration, so that
-- ending the rental revokes exactly that access.
alter table door_users add column registration_id uuid unique references registrations (id) on delete set null;

-- A rental ends (staff): its units are free again and the door user is gone.
alter table registrations drop constraint if exists registrations_move_in_status_check;
alter table registrations add constraint registrations_move_in_status_check
  check (move_in_status in ('allocated', 'awaiting_unit', 'ended'));
alter table registrations add column rental_ended_at timestamptz;

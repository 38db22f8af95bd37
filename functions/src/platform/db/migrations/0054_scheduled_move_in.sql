-- Move-in on a chosen day: signed before it, the registration waits as 'scheduled' (its units held
-- since the deposit) until the day's job moves it in (units let, rent started, door access issued).
alter table registrations drop constraint if exists registrations_move_in_status_check;
alter table registrations add constraint registrations_move_in_status_check
  check (move_in_status in ('allocated', 'awaiting_unit', 'ended', 'scheduled'));

-- A tenant's notice: the day they move out (their access lasts to its end), and when they said so.
-- On that day the job queue ends the rental through the usual path (units freed, waitlist offered).
alter table registrations add column move_out_on date;
alter table registrations add column notice_given_at timestamptz;
create index registrations_move_out_idx on registrations (move_out_on) where move_out_on is not null;

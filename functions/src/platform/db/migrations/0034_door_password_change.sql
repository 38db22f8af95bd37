-- ASVS L2 (#31): a door password someone else chose (the admin's for a user, a generated one at
-- the first start) is changed by its user at the first sign-in, before the door opens.
alter table door_users add column password_change_required boolean not null default false;

-- ASVS L2 (#31): a generated password (the first manager's, printed at the first start) is
-- changed at the first sign-in; until then that session can only change it.
alter table staff_users add column password_change_required boolean not null default false;
alter table staff_sessions add column password_change_due boolean not null default false;

-- ASVS L2 (#31): a manager signed in without a second factor (BACKOFFICE_MANAGER_TOTP=required)
-- gets a session that can only set one up.
alter table staff_sessions add column second_factor_due boolean not null default false;

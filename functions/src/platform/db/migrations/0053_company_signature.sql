-- Move-in in minutes: the company's signature is applied the moment the applicant signs (the
-- deposit is paid before any contract exists), a manager's setting, on by default. Documents are
-- still reviewed afterwards; a rejected one suspends the door until a new one is accepted.
create table signing_settings (
  id boolean primary key default true check (id),
  auto_countersign boolean not null default true,
  updated_at timestamptz,
  updated_by text
);
insert into signing_settings default values;

alter table registrations drop constraint if exists registrations_access_suspended_by_check;
alter table registrations add constraint registrations_access_suspended_by_check
  check (access_suspended_by in ('arrears', 'staff', 'documents'));

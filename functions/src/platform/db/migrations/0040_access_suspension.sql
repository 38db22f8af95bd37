-- A tenant's door access suspended (rent unpaid, or by staff with a reason): the PIN is refused
-- with "Acceso suspendido" until access is restored. On the registration, not the door user: the
-- user may be re-issued, the suspension stays with the tenancy.
alter table registrations add column access_suspended_at timestamptz;
alter table registrations add column access_suspension_reason text;
-- 'arrears' (the arrears rules) or 'staff' (by hand): only the rules lift their own on payment.
alter table registrations add column access_suspended_by text check (access_suspended_by in ('arrears', 'staff'));

-- A deposit payment ends: one still pending or processing at `expires_at` (on the service clock)
-- is reconciled with the provider and cancelled, instead of blocking the sign-up for ever.
alter table payments add column expires_at timestamptz;
-- Payments from before this migration get the same 30 minutes from their creation.
update payments set expires_at = created_at + interval '30 minutes' where status in ('pending', 'processing');

-- Units held for a deposit (no waitlist offer behind them) go back on sale when their
-- registration is deleted, instead of being held for nobody.
create or replace function release_deposit_holds() returns trigger language plpgsql as $$
begin
  update units set status = 'available', registration_id = null, updated_at = now()
  where registration_id = old.id and status = 'held' and offer_id is null;
  return old;
end;
$$;
create trigger registrations_release_holds before delete on registrations
  for each row execute function release_deposit_holds();

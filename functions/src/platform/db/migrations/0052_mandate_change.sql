-- A tenant changes the account the rent is taken from by signing a new SEPA mandate through the
-- e-signature flow: the signing record is a contract of kind 'mandate' (one signer, the debtor),
-- the mandate its own row as ever. The rental contract stays the registration's one live rental
-- contract; at most one mandate change awaits signature at a time.
alter table contracts add column kind text not null default 'rental' check (kind in ('rental', 'mandate'));
drop index contracts_one_live_idx;
create unique index contracts_one_live_idx on contracts (registration_id)
  where kind = 'rental' and status in ('awaiting_signatures', 'completed');
create unique index contracts_one_mandate_change_idx on contracts (registration_id)
  where kind = 'mandate' and status = 'awaiting_signatures';

-- The mandate a signed replacement took over from, while no collection under the new one has been
-- paid: each presentation says so (OrgnlMndtId), as amended_from_iban says the account changed.
alter table sepa_mandates add column amended_from_reference text references sepa_mandates (reference);

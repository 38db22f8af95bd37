-- A tenant's new bank account under the same mandate (a SEPA amendment): until a collection has
-- been presented with it, the account the bank last knew is kept here, so the next remittance says
-- the mandate was amended (the original account, or SMNDA when the bank changed too).
alter table sepa_mandates add column amended_from_iban text;
alter table sepa_mandates add column amended_at timestamptz;

-- Money given back to a tenant for rent (a collection the bank took for a period the ended rental
-- no longer covers, an overpayment): a payment out, recorded by a manager, negative like a return.
alter table money_movements drop constraint money_movements_kind_check;
alter table money_movements add constraint money_movements_kind_check
  check (kind in ('direct_debit', 'direct_debit_return', 'card', 'office', 'refund'));
alter table money_movements drop constraint money_movements_check;
alter table money_movements add constraint money_movements_check
  check ((kind in ('direct_debit_return', 'refund')) = (amount_cents < 0));
alter table money_movements add column reason text;

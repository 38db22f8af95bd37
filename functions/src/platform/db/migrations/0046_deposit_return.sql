-- A deposit given back at move-out, in full or in part: what went back to the card (the rest was
-- kept, with the reason, and settles what the tenant owed).
alter table payments add column refund_cents integer check (refund_cents >= 0);
-- The part of a deposit kept at move-out, applied to what the tenant owed: money received.
alter table money_movements drop constraint money_movements_kind_check;
alter table money_movements add constraint money_movements_kind_check
  check (kind in ('direct_debit', 'direct_debit_return', 'card', 'office', 'refund', 'deposit'));

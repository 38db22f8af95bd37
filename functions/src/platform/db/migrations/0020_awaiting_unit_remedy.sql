-- A tenant who signed and paid but got no unit: staff let them one, or give the deposit back
-- through the card provider, recorded here.
alter table payments add column refunded_at timestamptz;
alter table payments add column refund_reason text;

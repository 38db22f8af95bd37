-- Review step: the billing client, the deposit payment, the contract and its signers,
-- and the change notifications the realtime function streams.
create table clients (
  id text primary key,
  registration_id uuid not null unique references registrations (id) on delete cascade,
  client_type text not null,
  full_name text not null,
  company_name text,
  cif text,
  document_type text not null,
  document_number text not null,
  email text not null,
  phone text not null,
  address text not null,
  city text not null,
  postal_code text not null,
  iban text not null,
  created_at timestamptz not null default now()
);

create table payments (
  id uuid primary key,
  registration_id uuid not null references registrations (id) on delete cascade,
  amount numeric(10, 2) not null check (amount > 0),
  currency text not null default 'EUR',
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'completed', 'failed', 'cancelled')),
  provider text not null,
  provider_order_id text,
  checkout_url text,
  -- Where the checkout sends the applicant back (a path on this site).
  return_path text not null,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  failed_at timestamptz
);
-- One payment in flight or done per registration: a double click cannot pay twice.
create unique index payments_one_live_idx on payments (registration_id)
  where status in ('pending', 'processing', 'completed');
create index payments_provider_order_idx on payments (provider, provider_order_id);

create table contracts (
  id uuid primary key,
  registration_id uuid not null references registrations (id) on delete cascade,
  status text not null default 'awaiting_signatures'
    check (status in ('awaiting_signatures', 'completed', 'declined', 'expired', 'archived')),
  provider text not null,
  provider_submission_id text,
  -- The contract text both parties sign (generated from the registration).
  document text not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  expired_at timestamptz,
  declined_at timestamptz
);
-- A live contract (awaiting or completed) is the only one: a new one waits for a decline.
create unique index contracts_one_live_idx on contracts (registration_id)
  where status in ('awaiting_signatures', 'completed');

create table contract_submitters (
  id uuid primary key,
  contract_id uuid not null references contracts (id) on delete cascade,
  role text not null check (role in ('Cliente', 'Empresa')),
  email text not null,
  status text not null default 'awaiting' check (status in ('completed', 'awaiting', 'declined', 'sent', 'opened')),
  -- The signing link's secret, hashed; the link itself only travels by e-mail.
  token_hash text unique,
  provider_submitter_id text,
  signed_name text,
  signed_ip text,
  signed_at timestamptz,
  declined_at timestamptz,
  opened_at timestamptz,
  unique (contract_id, role)
);

-- Every change of these tables, as one JSON notification on `registration_changes`, with the
-- registration it belongs to. Secrets and the contract text are left out.
create or replace function notify_registration_change() returns trigger language plpgsql as $$
declare
  row_data jsonb := to_jsonb(coalesce(new, old));
  reg_id uuid;
begin
  if tg_table_name = 'registrations' then
    reg_id := (row_data ->> 'id')::uuid;
    row_data := jsonb_build_object('id', row_data -> 'id', 'global_status', row_data -> 'global_status',
      'client_id', row_data -> 'client_id', 'updated_at', row_data -> 'updated_at');
  elsif tg_table_name = 'contract_submitters' then
    select registration_id into reg_id from contracts where id = (row_data ->> 'contract_id')::uuid;
    row_data := row_data - 'token_hash' - 'signed_ip';
  else
    reg_id := (row_data ->> 'registration_id')::uuid;
    row_data := row_data - 'document';
  end if;
  perform pg_notify('registration_changes', jsonb_build_object(
    'table', tg_table_name, 'type', tg_op, 'registrationId', reg_id, 'record', row_data)::text);
  return null;
end;
$$;

create trigger payments_notify after insert or update on payments
  for each row execute function notify_registration_change();
create trigger contracts_notify after insert or update on contracts
  for each row execute function notify_registration_change();
create trigger contract_submitters_notify after insert or update on contract_submitters
  for each row execute function notify_registration_change();
-- Only what the review follows: not every activity touch.
create trigger registrations_notify after update of global_status, client_id on registrations
  for each row execute function notify_registration_change();

-- The signed contract: once both parties have signed, a PDF of the contract, its mandate and a
-- signature certificate is kept here (apart from `contracts`, whose changes are notified as JSON
-- and must stay small) and e-mailed to the tenant and the business.
create table signed_contracts (
  contract_id uuid primary key references contracts (id) on delete cascade,
  -- SHA-256 (hex) of the contract text both parties signed, as printed on the certificate.
  document_sha256 text not null check (document_sha256 ~ '^[0-9a-f]{64}$'),
  pdf bytea not null,
  created_at timestamptz not null default now()
);

-- Files an outbox e-mail carries (the signed contract).
create table outbox_attachments (
  id bigserial primary key,
  outbox_id bigint not null references outbox (id) on delete cascade,
  filename text not null,
  content_type text not null,
  content bytea not null
);
create index outbox_attachments_outbox_idx on outbox_attachments (outbox_id);

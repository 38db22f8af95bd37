-- A back-office session also ends after a while unused (ASVS 3.3.2: 30 minutes by default),
-- beside its 12 h absolute limit.
alter table staff_sessions add column last_seen_at timestamptz not null default now();

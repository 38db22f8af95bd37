-- /healthz and /metrics read the given-up jobs and the failed messages at every check and scrape:
-- small partial indexes keep that from reading the whole (ever-growing) tables.
create index jobs_failed_idx on jobs (failed_at) where failed_at is not null;
create index outbox_failed_idx on outbox (failed_at) where failed_at is not null;

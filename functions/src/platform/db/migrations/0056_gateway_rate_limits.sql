-- The gateways' rate limits when several share one address (GATEWAY_DATABASE_URL): one row per
-- limiter and client, for its window. Unlogged: counts lost in a crash cost nothing, and no WAL.
create unlogged table gateway_rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index gateway_rate_limits_reset_idx on gateway_rate_limits (reset_at);

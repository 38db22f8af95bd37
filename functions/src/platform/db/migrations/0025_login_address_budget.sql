-- Sign-ins are counted per address before any per-name count: found by address and time.
create index door_audit_login_ip_idx on door_audit (ip, created_at) where action = 'login';
create index staff_login_attempts_ip_idx on staff_login_attempts (ip, created_at);

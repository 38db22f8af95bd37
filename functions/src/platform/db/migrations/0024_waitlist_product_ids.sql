-- A waitlist entry names its product by the catalogue's numeric id. Entries stored before that
-- was enforced with anything else ("abc") made the back-office lists fail on a cast: they leave
-- every line (kept for the record, under product 0), and the column refuses such ids from now on.
update waitlist_requests
set status = 'left', left_at = coalesce(left_at, now()), product_pid = '0'
where product_pid !~ '^\s*[0-9]{1,9}\s*$';
-- " 07" and "7" are one product: stored the catalogue's way.
update waitlist_requests set product_pid = (trim(product_pid)::integer)::text
where product_pid <> (trim(product_pid)::integer)::text;
alter table waitlist_requests add constraint waitlist_requests_product_pid_numeric
  check (product_pid ~ '^[0-9]{1,9}$');

-- The language a visitor joined the waitlist in: their e-mails and SMS are in it alone, with the
-- product named in it (a Spanish visitor got a bilingual e-mail whose English half named the
-- product in Spanish).
alter table waitlist_requests add column language text not null default 'es' check (language in ('es', 'en'));

-- The language the applicant signs up in: their e-mails and SMS are written in it alone.
alter table registrations add column language text not null default 'es' check (language in ('es', 'en'));

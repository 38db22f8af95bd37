-- An e-mail's HTML part, rendered from the same template as its plain text (`body`); SMS and
-- older messages have none.
alter table outbox add column html text;

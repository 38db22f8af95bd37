-- A document uploaded again after staff rejected it: the reason it replaces stays beside it, so
-- staff see the new file as a new one (field test 3, item 6) and know what to look for.
alter table registration_documents add column previous_rejection_reason text;

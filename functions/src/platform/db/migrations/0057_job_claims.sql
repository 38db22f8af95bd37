-- Every claim of a job counts here, never reset (unlike attempts, which a rerun sets back to 0):
-- an instance records a job's end only while the count is still the one it claimed at.
alter table jobs add column claims bigint not null default 0;

-- The organisation home's open-validation count (modules/validation/repository.ts) at 1,000,000 homes: the old partial
-- index found the homes with issues but every one cost a heap page (≈18,000 pages, ~0.5 s). With the columns the
-- query reads in the index it is an index-only scan; the statistics tell the planner how few homes have issues (the
-- default guess for cardinality(issues) > 0 is a third of the table, which chose a parallel plan).
DROP INDEX "profile_insights_issues";--> statement-breakpoint
CREATE INDEX "profile_insights_open_issues" ON "profile_insights" USING btree ("organisation_id","computed_at","profile_id","answers_hash") WHERE cardinality("profile_insights"."issues") > 0;--> statement-breakpoint
CREATE STATISTICS "profile_insights_issue_count" ON (cardinality("issues")) FROM "profile_insights";--> statement-breakpoint
-- Existing databases get the new statistics now rather than at the next autoanalyze.
ANALYZE "profile_insights";

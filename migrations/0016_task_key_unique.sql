-- A Task's key names its result folder (/api/task-result/{key}/…) and the job a kill stops: one
-- Task per key (issue 36). Deleted Tasks keep theirs until the clean-up sweeps their folder.
CREATE UNIQUE INDEX "items_task_key" ON "items" USING btree (("data"->>'key')) WHERE "items"."type" = 'Task';

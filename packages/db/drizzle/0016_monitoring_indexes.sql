CREATE INDEX `changes_monitor_detected_idx` ON `changes` (`monitor_id`,`detected_at`);--> statement-breakpoint
CREATE INDEX `changes_snapshot_idx` ON `changes` (`snapshot_id`);--> statement-breakpoint
CREATE INDEX `snapshots_versions_idx` ON `snapshots` (`monitor_id`,`captured_at`,`id`,`status`,`content_hash`,`elements_found`,`excerpt`) WHERE "snapshots"."raw_content" IS NOT NULL;
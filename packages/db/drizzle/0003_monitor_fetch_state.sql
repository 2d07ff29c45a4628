ALTER TABLE `monitors` ADD `etag` text;--> statement-breakpoint
ALTER TABLE `monitors` ADD `last_modified` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `claimed_at` integer;
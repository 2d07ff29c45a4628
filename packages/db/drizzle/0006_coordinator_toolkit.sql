ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_feed_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `signup_sheets` ADD `owner_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `signup_sheets_owner_idx` ON `signup_sheets` (`owner_id`);--> statement-breakpoint
ALTER TABLE `volunteers` ADD `status` text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `attended` integer;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `checked_in_at` integer;--> statement-breakpoint
CREATE INDEX `volunteers_slot_status_idx` ON `volunteers` (`slot_id`,`status`,`signup_time`);--> statement-breakpoint
-- Administrators keep their role; the is_admin column it replaces goes in the next migration.
UPDATE `users` SET `role` = 'admin' WHERE `is_admin` = 1;

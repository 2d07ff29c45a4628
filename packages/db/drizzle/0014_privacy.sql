CREATE TABLE `consent_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`user_id` integer,
	`volunteer_id` integer,
	`consent` integer NOT NULL,
	`source` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`volunteer_id`) REFERENCES `volunteers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consent_records_email_idx` ON `consent_records` (`email`,`at`);--> statement-breakpoint
CREATE INDEX `consent_records_user_idx` ON `consent_records` (`user_id`);--> statement-breakpoint
CREATE TABLE `privacy_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `privacy_log_at_idx` ON `privacy_log` (`at`);--> statement-breakpoint
DROP INDEX `volunteers_slot_email_uq`;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `erased_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `volunteers_slot_email_uq` ON `volunteers` (`slot_id`,`email`) WHERE "volunteers"."email" <> '';
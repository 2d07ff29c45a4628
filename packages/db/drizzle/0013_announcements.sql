CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change_id` integer NOT NULL,
	`monitor_id` integer,
	`monitor_name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`text` text NOT NULL,
	`headline` text NOT NULL,
	`link` text NOT NULL,
	`image_alt` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by_id` integer,
	`decided_by_name` text,
	`reject_reason` text,
	FOREIGN KEY (`change_id`) REFERENCES `changes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcements_change_uq` ON `announcements` (`change_id`);--> statement-breakpoint
CREATE INDEX `announcements_status_created_idx` ON `announcements` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `monitors` ADD `auto_approve` integer DEFAULT false NOT NULL;
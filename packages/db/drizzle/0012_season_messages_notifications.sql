CREATE TABLE `sheet_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`signup_sheet_id` integer NOT NULL,
	`slot_id` integer,
	`slot_title` text,
	`sent_by_id` integer,
	`sent_by_name` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`include_waitlisted` integer DEFAULT false NOT NULL,
	`recipients` integer NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`signup_sheet_id`) REFERENCES `signup_sheets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`slot_id`) REFERENCES `volunteer_slots`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sheet_messages_sheet_sent_idx` ON `sheet_messages` (`signup_sheet_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `signup_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`signup_sheet_id` integer NOT NULL,
	`kind` text NOT NULL,
	`volunteer_name` text NOT NULL,
	`slot_title` text NOT NULL,
	`from_slot_title` text,
	`spots_left` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	FOREIGN KEY (`signup_sheet_id`) REFERENCES `signup_sheets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signup_events_sheet_idx` ON `signup_events` (`signup_sheet_id`,`occurred_at`);--> statement-breakpoint
ALTER TABLE `signup_sheets` ADD `notify_organizer` text DEFAULT 'each' NOT NULL;
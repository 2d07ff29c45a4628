CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_tokenHash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`email_consent` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `signup_sheets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`event_date` integer NOT NULL,
	`organizer_name` text NOT NULL,
	`organizer_email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signup_sheets_event_date_idx` ON `signup_sheets` (`event_date`);--> statement-breakpoint
CREATE TABLE `volunteer_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`signup_sheet_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`start_time` integer,
	`end_time` integer,
	`max_volunteers` integer DEFAULT 1 NOT NULL,
	`current_volunteers` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`signup_sheet_id`) REFERENCES `signup_sheets`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "volunteer_slots_capacity" CHECK("volunteer_slots"."current_volunteers" >= 0 AND "volunteer_slots"."current_volunteers" <= "volunteer_slots"."max_volunteers"),
	CONSTRAINT "volunteer_slots_max_min" CHECK("volunteer_slots"."max_volunteers" >= 1)
);
--> statement-breakpoint
CREATE INDEX `volunteer_slots_sheet_idx` ON `volunteer_slots` (`signup_sheet_id`);--> statement-breakpoint
CREATE TABLE `volunteers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`notes` text,
	`signup_time` integer NOT NULL,
	`email_consent` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `volunteer_slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `volunteers_slot_email_uq` ON `volunteers` (`slot_id`,`email`);--> statement-breakpoint
CREATE INDEX `volunteers_user_idx` ON `volunteers` (`user_id`);--> statement-breakpoint
CREATE INDEX `volunteers_email_idx` ON `volunteers` (`email`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_key_unique` ON `settings` (`key`);--> statement-breakpoint
CREATE TABLE `changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`monitor_id` integer NOT NULL,
	`snapshot_id` integer,
	`change_type` text NOT NULL,
	`summary` text NOT NULL,
	`diff_content` text,
	`severity` text DEFAULT 'medium' NOT NULL,
	`detected_at` integer NOT NULL,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `snapshots`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `changes_detected_idx` ON `changes` (`detected_at`);--> statement-breakpoint
CREATE TABLE `monitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`selectors` text NOT NULL,
	`ignore_selectors` text NOT NULL,
	`schedule_minutes` integer DEFAULT 15 NOT NULL,
	`last_check_at` integer,
	`last_content_hash` text,
	`status` text DEFAULT 'active' NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`internal_posts` integer DEFAULT true NOT NULL,
	`facebook_posts` integer DEFAULT true NOT NULL,
	`instagram_posts` integer DEFAULT true NOT NULL,
	`filter_future_events` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change_id` integer NOT NULL,
	`channel` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`change_id`) REFERENCES `changes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_status_idx` ON `notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_change_channel_uq` ON `notifications` (`change_id`,`channel`);--> statement-breakpoint
CREATE TABLE `snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`monitor_id` integer NOT NULL,
	`content_hash` text,
	`raw_content` text,
	`excerpt` text,
	`status` text NOT NULL,
	`error_message` text,
	`elements_found` integer DEFAULT 0 NOT NULL,
	`captured_at` integer NOT NULL,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `snapshots_monitor_captured_idx` ON `snapshots` (`monitor_id`,`captured_at`);
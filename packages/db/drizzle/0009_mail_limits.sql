CREATE TABLE `mail_daily_counts` (
	`mailbox` text NOT NULL,
	`day` text NOT NULL,
	`sent` integer NOT NULL,
	PRIMARY KEY(`mailbox`, `day`)
);
--> statement-breakpoint
CREATE INDEX `mail_daily_counts_day_idx` ON `mail_daily_counts` (`day`);--> statement-breakpoint
CREATE TABLE `mail_suppressions` (
	`mailbox` text PRIMARY KEY NOT NULL,
	`suppressed_at` integer NOT NULL
);

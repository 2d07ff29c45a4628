CREATE TABLE `reminder_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`volunteer_id` integer NOT NULL,
	`reminder_type` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`volunteer_id`) REFERENCES `volunteers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_deliveries_volunteer_type_uq` ON `reminder_deliveries` (`volunteer_id`,`reminder_type`);
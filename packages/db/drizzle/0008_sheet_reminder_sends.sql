CREATE TABLE `sheet_reminder_sends` (
	`signup_sheet_id` integer NOT NULL,
	`reminder_type` text NOT NULL,
	`last_sent_at` integer NOT NULL,
	PRIMARY KEY(`signup_sheet_id`, `reminder_type`),
	FOREIGN KEY (`signup_sheet_id`) REFERENCES `signup_sheets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- What went before this table existed: the latest delivery of each type per sheet, from the
-- deliveries whose volunteers are still there.
INSERT INTO `sheet_reminder_sends` (`signup_sheet_id`, `reminder_type`, `last_sent_at`)
SELECT `volunteer_slots`.`signup_sheet_id`, `reminder_deliveries`.`reminder_type`, max(`reminder_deliveries`.`sent_at`)
FROM `reminder_deliveries`
INNER JOIN `volunteers` ON `volunteers`.`id` = `reminder_deliveries`.`volunteer_id`
INNER JOIN `volunteer_slots` ON `volunteer_slots`.`id` = `volunteers`.`slot_id`
GROUP BY `volunteer_slots`.`signup_sheet_id`, `reminder_deliveries`.`reminder_type`;

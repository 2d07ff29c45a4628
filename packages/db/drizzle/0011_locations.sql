ALTER TABLE `signup_sheets` ADD `location` text;--> statement-breakpoint
ALTER TABLE `volunteer_slots` ADD `location` text;
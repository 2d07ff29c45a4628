ALTER TABLE `signup_sheets` ADD `max_slots_per_person` integer;--> statement-breakpoint
ALTER TABLE `signup_sheets` ADD `questions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `volunteer_slots` ADD `kind` text DEFAULT 'task' NOT NULL;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `answers` text DEFAULT '{}' NOT NULL;
ALTER TABLE `users` ADD `language` text;--> statement-breakpoint
ALTER TABLE `volunteers` ADD `language` text DEFAULT 'en' NOT NULL;
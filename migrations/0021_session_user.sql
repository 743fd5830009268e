ALTER TABLE `sessions` ADD `email` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `timezone` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `vacation_until` integer;
ALTER TABLE `users` ADD `large_tiles` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `play_by_typing` integer DEFAULT false NOT NULL;
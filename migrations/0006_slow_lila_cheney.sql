DROP INDEX `game_results_user`;--> statement-breakpoint
ALTER TABLE `game_results` ADD `won` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `game_results_user` ON `game_results` (`user_id`,`ended_at`,`points`,`mahjong`,`won`);--> statement-breakpoint
DROP INDEX `rating_changes_user`;--> statement-breakpoint
CREATE INDEX `rating_changes_user` ON `rating_changes` (`user_id`,`at`,`family`,`after`,`game_id`);
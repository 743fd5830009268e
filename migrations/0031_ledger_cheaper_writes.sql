-- Custom SQL: the ledger written cheaply (worker/db/schema.ts ledger). Rebuilt without AUTOINCREMENT:
-- its sqlite_sequence row was read twice and written once on every insert, a retried post's too
-- (D1 counts each); the ids stay as they were, a new line numbered after the largest (lines are
-- never deleted). The season index holds league lines only: every query on it names one season.
-- The two triggers on the ledger (migrations/0014, 0024) go with the old table and are made again:
-- the season totals' as it was; the player's totals' look for an earlier line of the game goes along
-- the seat's lines of the game (a player has one seat in a game, a computer's id names its seat), not
-- the whole game's, nor, as SQLite chose on the rebuilt table, every line the player ever had (`+l.user_id`).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ledger` (
	`id` integer PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`points` integer NOT NULL,
	`detail` text NOT NULL,
	`ruleset` text NOT NULL,
	`league_id` text,
	`season_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_ledger`("id", "game_id", "seat", "user_id", "reason", "points", "detail", "ruleset", "league_id", "season_id", "created_at") SELECT "id", "game_id", "seat", "user_id", "reason", "points", "detail", "ruleset", "league_id", "season_id", "created_at" FROM `ledger`;--> statement-breakpoint
DROP TABLE `ledger`;--> statement-breakpoint
ALTER TABLE `__new_ledger` RENAME TO `ledger`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_game_seat_reason` ON `ledger` (`game_id`,`seat`,`reason`);--> statement-breakpoint
CREATE INDEX `ledger_user` ON `ledger` (`user_id`);--> statement-breakpoint
CREATE INDEX `ledger_season` ON `ledger` (`season_id`,`game_id`) WHERE season_id IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER ledger_season_totals AFTER INSERT ON ledger
WHEN NEW.season_id IS NOT NULL
BEGIN
  -- 1. The game's first line: each seat has played it, every two seats stand level (0 to 0).
  INSERT INTO season_totals (season_id, user_id, played)
  SELECT NEW.season_id, p.user_id, 1 FROM league_game_players p
  WHERE p.game_id = NEW.game_id AND +p.season_id = NEW.season_id
    AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = NEW.game_id AND l.id <> NEW.id)
  ON CONFLICT (season_id, user_id) DO UPDATE SET played = played + 1;

  INSERT INTO season_pairs (season_id, user_id, opponent_id, score2)
  SELECT NEW.season_id, a.user_id, b.user_id, 1
  FROM league_game_players a JOIN league_game_players b ON b.game_id = a.game_id AND +b.season_id = a.season_id AND b.user_id <> a.user_id
  WHERE a.game_id = NEW.game_id AND +a.season_id = NEW.season_id
    AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = NEW.game_id AND l.id <> NEW.id)
  ON CONFLICT (season_id, user_id, opponent_id) DO UPDATE SET score2 = score2 + 1;

  UPDATE season_totals SET sonneborn_berger2 = sonneborn_berger2 + COALESCE(
    (SELECT SUM(o.points) FROM league_game_players b JOIN season_totals o ON o.season_id = b.season_id AND o.user_id = b.user_id
     WHERE b.game_id = NEW.game_id AND +b.season_id = NEW.season_id AND b.user_id <> season_totals.user_id), 0)
  WHERE season_id = NEW.season_id
    AND user_id IN (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND +season_id = NEW.season_id)
    AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = NEW.game_id AND l.id <> NEW.id);

  -- 2. The line in its player's totals; everyone who met the player counts the points in their Sonneborn-Berger.
  UPDATE season_totals SET
    points = points + NEW.points,
    mahjongs = mahjongs + CASE WHEN NEW.reason = 'mahjong/double' THEN 2 WHEN NEW.reason LIKE 'mahjong/%' THEN 1 ELSE 0 END,
    wall_games = wall_games + (NEW.reason = 'wall'),
    forfeits = forfeits + (NEW.reason = 'abandoned')
  WHERE season_id = NEW.season_id
    AND user_id = (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND seat = NEW.seat AND +season_id = NEW.season_id);

  UPDATE season_totals SET sonneborn_berger2 = sonneborn_berger2 + NEW.points *
    (SELECT p.score2 FROM season_pairs p JOIN league_game_players me ON me.user_id = p.opponent_id
     WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id
       AND p.season_id = NEW.season_id AND p.user_id = season_totals.user_id)
  WHERE NEW.points <> 0 AND season_id = NEW.season_id
    AND user_id IN (SELECT p.opponent_id FROM season_pairs p JOIN league_game_players me ON me.user_id = p.user_id
                    WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id AND p.season_id = NEW.season_id);

  -- 3. The game score of this seat against each other seat of the game, before and after the line
  --    (its game points go from me.points to me.points + NEW.points): the change d, for the player
  --    (+d × the other's points) and the other (-d × the player's points), then in the pairs.
  UPDATE season_totals SET sonneborn_berger2 = sonneborn_berger2 + COALESCE(
    (SELECT SUM(((CASE WHEN me.points + NEW.points > o.points THEN 2 WHEN me.points + NEW.points = o.points THEN 1 ELSE 0 END)
                - (CASE WHEN me.points > o.points THEN 2 WHEN me.points = o.points THEN 1 ELSE 0 END)) * t.points)
     FROM league_game_players me
     JOIN league_game_players o ON o.game_id = me.game_id AND +o.season_id = me.season_id AND o.user_id <> me.user_id
     JOIN season_totals t ON t.season_id = o.season_id AND t.user_id = o.user_id
     WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id), 0)
  WHERE NEW.points <> 0 AND season_id = NEW.season_id
    AND user_id = (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND seat = NEW.seat AND +season_id = NEW.season_id);

  UPDATE season_totals SET sonneborn_berger2 = sonneborn_berger2 -
    (SELECT ((CASE WHEN me.points + NEW.points > o.points THEN 2 WHEN me.points + NEW.points = o.points THEN 1 ELSE 0 END)
            - (CASE WHEN me.points > o.points THEN 2 WHEN me.points = o.points THEN 1 ELSE 0 END)) * t.points
     FROM league_game_players me
     JOIN league_game_players o ON o.game_id = me.game_id AND +o.season_id = me.season_id
     JOIN season_totals t ON t.season_id = me.season_id AND t.user_id = me.user_id
     WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id AND o.user_id = season_totals.user_id)
  WHERE NEW.points <> 0 AND season_id = NEW.season_id
    AND user_id IN (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND +season_id = NEW.season_id AND seat <> NEW.seat);

  UPDATE season_pairs SET score2 = score2 +
    (SELECT (CASE WHEN me.points + NEW.points > o.points THEN 2 WHEN me.points + NEW.points = o.points THEN 1 ELSE 0 END)
          - (CASE WHEN me.points > o.points THEN 2 WHEN me.points = o.points THEN 1 ELSE 0 END)
     FROM league_game_players me JOIN league_game_players o ON o.game_id = me.game_id AND +o.season_id = me.season_id
     WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id AND o.user_id = season_pairs.opponent_id)
  WHERE NEW.points <> 0 AND season_id = NEW.season_id
    AND user_id = (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND seat = NEW.seat AND +season_id = NEW.season_id)
    AND opponent_id IN (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND +season_id = NEW.season_id AND seat <> NEW.seat);

  UPDATE season_pairs SET score2 = score2 -
    (SELECT (CASE WHEN me.points + NEW.points > o.points THEN 2 WHEN me.points + NEW.points = o.points THEN 1 ELSE 0 END)
          - (CASE WHEN me.points > o.points THEN 2 WHEN me.points = o.points THEN 1 ELSE 0 END)
     FROM league_game_players me JOIN league_game_players o ON o.game_id = me.game_id AND +o.season_id = me.season_id
     WHERE me.game_id = NEW.game_id AND me.seat = NEW.seat AND +me.season_id = NEW.season_id AND o.user_id = season_pairs.user_id)
  WHERE NEW.points <> 0 AND season_id = NEW.season_id
    AND opponent_id = (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND seat = NEW.seat AND +season_id = NEW.season_id)
    AND user_id IN (SELECT user_id FROM league_game_players WHERE game_id = NEW.game_id AND +season_id = NEW.season_id AND seat <> NEW.seat);

  -- 4. Last: the seat's game points (the steps above read them as they were before the line).
  UPDATE league_game_players SET points = points + NEW.points
  WHERE game_id = NEW.game_id AND seat = NEW.seat AND +season_id = NEW.season_id;
END;
--> statement-breakpoint
CREATE TRIGGER ledger_user_totals AFTER INSERT ON ledger
BEGIN
  UPDATE users SET
    ledger_points = ledger_points + NEW.points,
    ledger_games = ledger_games + (NOT EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = NEW.game_id AND l.seat = NEW.seat AND +l.user_id = NEW.user_id AND l.id <> NEW.id))
  WHERE id = NEW.user_id;
END;

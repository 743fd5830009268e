-- Custom SQL: game_players.active (the partial index of current seats, game_players_active) is written
-- only when it changes. SQLite writes a row an UPDATE names even when it sets what the row has, and D1
-- counts it: the triggers of migration 0009 rewrote every seat when a game was dealt (open to active:
-- active stays 1), each seat again just after it was inserted (already 1), and the seats written in the
-- index's first batch when the game's row followed them. Now a seat is written when its game goes from
-- open or running to over (or back), and a new seat only when its game is already over.
DROP TRIGGER `game_players_active_insert`;--> statement-breakpoint
CREATE TRIGGER game_players_active_insert AFTER INSERT ON game_players
WHEN NEW.active IS NOT COALESCE((SELECT status IN ('open', 'active') FROM games WHERE id = NEW.game_id), 1)
BEGIN
  UPDATE game_players SET active = COALESCE((SELECT status IN ('open', 'active') FROM games WHERE id = NEW.game_id), 1)
  WHERE game_id = NEW.game_id AND seat = NEW.seat;
END;
--> statement-breakpoint
DROP TRIGGER `games_active_insert`;--> statement-breakpoint
CREATE TRIGGER games_active_insert AFTER INSERT ON games
BEGIN
  UPDATE game_players SET active = NEW.status IN ('open', 'active') WHERE game_id = NEW.id AND active IS NOT (NEW.status IN ('open', 'active'));
END;
--> statement-breakpoint
DROP TRIGGER `games_active_update`;--> statement-breakpoint
CREATE TRIGGER games_active_update AFTER UPDATE OF status ON games
WHEN (OLD.status IN ('open', 'active')) IS NOT (NEW.status IN ('open', 'active'))
BEGIN
  UPDATE game_players SET active = NEW.status IN ('open', 'active') WHERE game_id = NEW.id AND active IS NOT (NEW.status IN ('open', 'active'));
END;

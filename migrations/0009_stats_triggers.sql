-- Counters a profile reads instead of adding up every game a player ever played. Triggers keep
-- them, so every path that writes these tables (the game's result post, the demo seed, a repair
-- by hand) keeps them right.

-- Each result row counts once in its player's stats: the trigger fires only for a row actually
-- inserted (a retried post hits ON CONFLICT DO NOTHING and adds nothing).
CREATE TRIGGER game_results_count AFTER INSERT ON game_results
BEGIN
  INSERT INTO player_stats (user_id, played, won, mahjongs, points)
  VALUES (NEW.user_id, 1, NEW.won, NEW.mahjong, NEW.points)
  ON CONFLICT (user_id) DO UPDATE SET
    played = played + 1, won = won + excluded.won, mahjongs = mahjongs + excluded.mahjongs, points = points + excluded.points;
END;
--> statement-breakpoint
-- game_players.active mirrors games.status IN ('open', 'active'), whichever row is written first.
CREATE TRIGGER game_players_active_insert AFTER INSERT ON game_players
BEGIN
  UPDATE game_players SET active = COALESCE((SELECT status IN ('open', 'active') FROM games WHERE id = NEW.game_id), 1)
  WHERE game_id = NEW.game_id AND seat = NEW.seat;
END;
--> statement-breakpoint
CREATE TRIGGER games_active_insert AFTER INSERT ON games
BEGIN
  UPDATE game_players SET active = NEW.status IN ('open', 'active') WHERE game_id = NEW.id;
END;
--> statement-breakpoint
-- The index is written on every move; only a change of status touches the seats.
CREATE TRIGGER games_active_update AFTER UPDATE OF status ON games
WHEN OLD.status IS NOT NEW.status
BEGIN
  UPDATE game_players SET active = NEW.status IN ('open', 'active') WHERE game_id = NEW.id;
END;
--> statement-breakpoint
-- The games already played.
INSERT INTO player_stats (user_id, played, won, mahjongs, points)
SELECT user_id, COUNT(*), SUM(won), SUM(mahjong), SUM(points) FROM game_results GROUP BY user_id;
--> statement-breakpoint
UPDATE game_players SET active = 0 WHERE game_id IN (SELECT id FROM games WHERE status NOT IN ('open', 'active'));

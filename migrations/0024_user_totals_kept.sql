-- Each player's ledger totals kept on their row (GET /api/me's `totals`): the points of all their
-- lines and the number of games those lines are from. Filled from the ledger as it stands, then kept
-- by a trigger on each new line: a retried post hits ON CONFLICT DO NOTHING, inserts no line and
-- adds nothing. A line is the first of its game for the player when no other line of theirs has
-- that game (found through the ledger's (game_id, seat, reason) index: a game has few lines).
UPDATE users SET
  ledger_points = COALESCE((SELECT SUM(l.points) FROM ledger l WHERE l.user_id = users.id), 0),
  ledger_games = (SELECT COUNT(DISTINCT l.game_id) FROM ledger l WHERE l.user_id = users.id);
--> statement-breakpoint
CREATE TRIGGER ledger_user_totals AFTER INSERT ON ledger
BEGIN
  UPDATE users SET
    ledger_points = ledger_points + NEW.points,
    ledger_games = ledger_games + (NOT EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = NEW.game_id AND l.user_id = NEW.user_id AND l.id <> NEW.id))
  WHERE id = NEW.user_id;
END;

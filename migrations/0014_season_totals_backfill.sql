-- League standings kept as results arrive (season_totals, season_pairs, league_game_players.points)
-- instead of adding up the season's ledger on every read. A trigger on the ledger keeps them, so
-- every path that writes the ledger (the game's result post, the demo seed, a repair by hand) keeps
-- them right; a retried post hits ON CONFLICT DO NOTHING, inserts no row and adds nothing.
--
-- What is counted is what the standings counted before: a league game counts once it has a ledger
-- line; each seat of it (league_game_players) has played it, with the sum of its own lines (0 when
-- it has none); a Mah Jongg line counts one (a double two), a wall line a wall game, an abandoned
-- line a forfeit. Game score: 2 a win on the game's points, 1 level, 0 behind (doubled, to stay in
-- integers). Sonneborn-Berger (doubled) = Σ over opponents of that score × their season points.

-- The results already in the ledger.
UPDATE league_game_players SET points = COALESCE(
  (SELECT SUM(l.points) FROM ledger l WHERE l.game_id = league_game_players.game_id AND l.seat = league_game_players.seat AND l.season_id = league_game_players.season_id), 0);
--> statement-breakpoint
INSERT INTO season_totals (season_id, user_id, points, played, mahjongs, wall_games, forfeits)
SELECT p.season_id, p.user_id, SUM(p.points), COUNT(*), COALESCE(SUM(x.mahjongs), 0), COALESCE(SUM(x.wall), 0), COALESCE(SUM(x.forfeit), 0)
FROM league_game_players p
LEFT JOIN (SELECT season_id, game_id, seat,
                  SUM(CASE WHEN reason = 'mahjong/double' THEN 2 WHEN reason LIKE 'mahjong/%' THEN 1 ELSE 0 END) AS mahjongs,
                  SUM(reason = 'wall') AS wall, SUM(reason = 'abandoned') AS forfeit
           FROM ledger WHERE season_id IS NOT NULL GROUP BY season_id, game_id, seat) x
  ON x.game_id = p.game_id AND x.seat = p.seat AND x.season_id = p.season_id
WHERE EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = p.game_id AND l.season_id = p.season_id)
GROUP BY p.season_id, p.user_id;
--> statement-breakpoint
INSERT INTO season_pairs (season_id, user_id, opponent_id, score2)
SELECT a.season_id, a.user_id, b.user_id, SUM(CASE WHEN a.points > b.points THEN 2 WHEN a.points = b.points THEN 1 ELSE 0 END)
FROM league_game_players a JOIN league_game_players b ON b.game_id = a.game_id AND b.season_id = a.season_id AND b.user_id <> a.user_id
WHERE EXISTS (SELECT 1 FROM ledger l WHERE l.game_id = a.game_id AND l.season_id = a.season_id)
GROUP BY a.season_id, a.user_id, b.user_id;
--> statement-breakpoint
UPDATE season_totals SET sonneborn_berger2 = COALESCE(
  (SELECT SUM(p.score2 * o.points) FROM season_pairs p JOIN season_totals o ON o.season_id = p.season_id AND o.user_id = p.opponent_id
   WHERE p.season_id = season_totals.season_id AND p.user_id = season_totals.user_id), 0);
--> statement-breakpoint
-- Each new line of a league game, in the order of the steps: Sonneborn-Berger is a sum of products
-- (score × points), so each step changes one factor and adds what that changes, the other factor
-- read as it stands then.
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

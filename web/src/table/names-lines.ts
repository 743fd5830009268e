/**
 * Does a game's answer name a line of a card anywhere but in its hints (which load after the tiles, as the game menu with
 * its pinned target lines does): a Mah Jongg to declare (every turn of a Royale player with tiles to discard), a hand
 * declared, a claim window's answer? The Siamese table's first drawing then names it, and takes the names of the sample
 * card's lines with it (./SiameseGame.tsx ready); the worker links their file into the page it draws of such a game
 * (worker/web/game-page.tsx). Most Siamese turns name none.
 */
export const namesLines = (game: object): boolean => JSON.stringify({ ...game, hints: null }).includes('"line":"');

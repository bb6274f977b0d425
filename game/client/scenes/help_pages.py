"""What F1 says about the screen the player is on: one page per registered scene, and one per situation at the
table (before the start, your turn, a discard you may claim, the others' turns, the end of the hand).

:func:`help_topic` names the page for the scene on top; the help box (:mod:`.scenes.help`) shows it first.
"""

from __future__ import annotations

from typing import Any

from game.client.scenes.registry import SCENES
from game.i18n import N_

SCREEN_PAGES: dict[str, tuple[str, str]] = {
    "title": (
        N_("The Title Screen"),
        N_("This is where every game starts. New Game (N or F2) chooses the ruleset and the players and deals the "
        "first hand; Continue (C) picks up the game you last left, exactly where you left it. Learn to Play (L) "
        "teaches the game step by step on prepared tables: start there if you have never played.\n"
        "Open… (O) loads a saved game, Join a Table (J) sits you at a friend's table over the network, "
        "Statistics (T) shows how you have done, Settings (S) changes the look, "
        "the sound and the rules of new games, and Mods (M) adds rulesets, tile sets and opponents. Esc quits.\n"
        "Move between the buttons with the arrow keys and press Enter, or click one.")),
    "table.dealt": (
        N_("The Table: before the hand starts"),
        N_("The tiles are dealt. Your thirteen stand on the long rectangle at the bottom; the other players sit to "
        "your right, opposite and to your left, and the wall is built around the middle.\n"
        "Press F4 or click anywhere on the table to start the hand: East takes the first tile. The compass in the "
        "middle shows the winds: your seat's wind and the wind of the round count for extra points.")),
    "table.passing": (
        N_("The Table: passing tiles"),
        N_("This ruleset has the players pass tiles to each other before play (a Charleston or a goulash). Click the "
        "tiles you want to give away (or move the cursor and press Space), then press Enter or the Pass button. "
        "Give away the tiles your hand can use least. The arrow on the Pass button points to the player who gets "
        "them. F8 shows the QuickTip: the tiles the computer would pass, and why; Q chooses them for you.")),
    "table.turn": (
        N_("The Table: your turn"),
        N_("You have drawn a tile, so you hold one more than a hand needs: discard one. Click it, or move the "
        "cursor with the arrow keys and press Enter. Keep tiles that belong together (pairs, tiles next to each "
        "other in a suit) and let go of lone ones.\n"
        "If the tile you drew completes your hand, press M or the Mah Jongg button. With four of a kind you may "
        "declare a Kong (K) and draw a loose tile. F8 shows the QuickTip: the tile the computer would discard, "
        "and why. Esc opens the menu.")),
    "table.claim": (
        N_("The Table: a discard you may claim"),
        N_("Another player has just discarded a tile you can use: it glows in the middle of the table and the claim "
        "buttons show what you may do with it. Press P for a Pung (three of a kind), K for a Kong (four), C for a "
        "Chow (three in a row: only from the player on your left) or M for Mah Jongg, or click the tile.\n"
        "A claimed set is laid out face up and scores less than one built from the wall. To let the tile go, "
        "press 0 or right-click it; the timer bar in the compass lets it go for you when it runs out.")),
    "table.waiting": (
        N_("The Table: the others are playing"),
        N_("The computer players are taking their turns: each takes a tile from the wall and discards one into "
        "the middle. Watch what they throw away: a tile nobody wants is a safe one to discard later, and a tile "
        "that has gone out (all four seen) can no longer complete anybody's set.\n"
        "Press 0 to hurry them along, F6 to see every hand (the hand is then not paid), W to look at the wall.")),
    "table.over": (
        N_("The Table: the hand is over"),
        N_("Somebody went Mah Jongg, or the wall ran out. The hands are laid open and the scores follow: each "
        "player's sets are counted, doubled for each double, and everybody pays the winner.\n"
        "Press F3 or Next Hand for the next hand; the deal passes to the next player unless East won.")),
    "wall": (
        N_("The Wall"),
        N_("The wall as it stands: the tiles still to be drawn, where the wall was broken, and the kong box (the "
        "loose tiles drawn after a Kong, a Flower or a Season). Nobody can see the faces of tiles in the wall; "
        "the count tells you how many draws are left before the hand ends without a winner. Esc closes it.")),
    "scores": (
        N_("The Scores"),
        N_("How the hand was scored: each player's sets and their points, the doubles, and the total. Below, the "
        "payments: every loser pays the winner the winner's score (twice as much when East is involved), and "
        "the losers settle the differences between their own scores. Enter or Esc goes on to the next hand. "
        "Replay this deal… (D) plays the same deal again to try another line of play, and asks first whether it "
        "counts: Not counted is practice, and the game goes on as it was; Counted (C) plays it in place of the "
        "hand just played, and the replay's result is the one the game keeps.")),
    "settings": (
        N_("Settings"),
        N_("Everything you can change about Sparrow, page by page: the look (tile set, theme, window), the sound "
        "and the voices, the pace of play (how long the computer players take, how long you have to claim), "
        "and the rules of new games. Changes take effect at once and are kept for the next time.")),
    "mods": (
        N_("Mods"),
        N_("Mods add rulesets, special hands, tile sets, themes, voices, opponents and lessons. Each line is one "
        "mod: switch it on or off, change the order they load in (a later mod wins where two offer the same "
        "thing), or remove it. Install a mod from a folder or a .zip, or drop it on the window. A mod with a "
        "problem says what is wrong and where, and the others keep working.")),
    "help": (
        N_("Help"),
        N_("The help box: the first tab is about the screen you were on when you pressed F1; the others explain "
        "the game, the keys and the mouse, scoring, what to do when something goes wrong, and this copy of "
        "Sparrow. Left and Right change the page; Esc closes.")),
    "saves": (
        N_("Saved Games"),
        N_("Your saved games, newest first, with the ruleset and how far each game had come. Pick one and open "
        "it, or give the game on the table a name and save it. The autosave keeps the game you last left, so "
        "Continue on the title screen finds it even if you never saved.")),
    "replay": (
        N_("Replay"),
        N_("A finished hand played again move by move. Right or Space steps forward, Left steps back, Home and End "
        "jump to the start and the end. Every hand is shown open, so you can see what the others held and why "
        "they discarded what they did.")),
    "stats": (
        N_("Statistics"),
        N_("How your games have gone, per ruleset: hands played and won, your best hands, the special hands you "
        "have made, and how the computer players did against you.")),
    "new_game": (
        N_("New Game"),
        N_("Choose the ruleset (the family of rules: classic Chinese, British, Western with jokers, Japanese and "
        "more), the three computer players and their names, and the starting score. Enter deals the first "
        "hand; F1 here shows this page, and the Rules button the full rules of the chosen ruleset. Host a Network "
        "Game (Ctrl+H) opens a table with these choices for friends to join over the network: you play the first "
        "seat and the computer players you chose take the seats nobody joins.")),
    "rules": (
        N_("The Rules"),
        N_("The rules of one ruleset, made from its own data: a beginner's guide, how play goes, the scoring table "
        "with every line's points and doubles, and the special hands, each with a real example hand. Left and "
        "Right or 1–4 change the page; the wheel and the arrow keys scroll.")),
    "menu": (
        N_("The Menu"),
        N_("The game menu: save or open a game, watch replays, see the statistics or the wall, change the settings, "
        "start a new game or go back to the title screen. Continue (Esc) returns to the table; nothing is lost "
        "by opening the menu.")),
    "game_over": (
        N_("Game Over"),
        N_("The game has ended: the final scores and who won. Start a new game, look at the replays of its hands, "
        "or go back to the title screen.")),
    "confirm": (
        N_("A Question"),
        N_("Sparrow asks before doing something that cannot be taken back. Enter or the highlighted button "
        "agrees; Esc or the other button leaves everything as it was.")),
    "name": (
        N_("A Name"),
        N_("Type a name and press Enter to keep it; Esc leaves without changing anything.")),
    "lessons": (
        N_("Learn to Play"),
        N_("Short lessons at a real table, each on a prepared deal: the tiles, drawing and discarding, claiming, "
        "going Mah Jongg, scoring and more. Each step says what to do and lights up the tiles and buttons "
        "involved; a wrong move is explained and you try again. Your progress is kept: a lesson you leave "
        "starts again where you left it.")),
    "lesson": (
        N_("A Lesson"),
        N_("Read the box at the top and do what it says: the tiles and buttons it means are lit. When you do "
        "something else, the box explains why that is not it here, and you try again. Enter goes on after a "
        "step that only explains. Esc leaves the lesson; it picks up at this step next time.")),
    "tile_picture": (
        N_("A Picture as a Tile Set"),
        N_("Any picture laid out as the classic 9 × 5 grid of tiles (324 × 230 pixels, or two or three times that) "
        "can become your tile set. Type the picture's file name and press Show, or drop the picture on the "
        "window: it is shown cut into tiles exactly as the game will draw them. Use as tile set installs it as a "
        "tile-set mod of your own and plays with it at once; a picture of another size is refused with the size "
        "it needs.")),
    "rules_editor": (
        N_("The Rules Editor"),
        N_("Every value of a ruleset: the points and doubles of each scoring line, the special hands' values, the "
        "limit, the minimums and how the hand is settled. Pick a group from the tabs (Ctrl+Tab) and an entry from "
        "the list (Up and Down), then type its values or switch its flags; each has its own Default. The preview "
        "on the right scores an example hand with the values as they stand and shows who pays whom. Ctrl+Z and "
        "Ctrl+Y undo and redo, Ctrl+S saves the values as a preset of your own, and Esc leaves (asking first when "
        "something is not saved). A special hand's pattern stays in its YAML file.")),
    "language": (
        N_("Language"),
        N_("Sparrow speaks English, German, Dutch, French and Simplified Chinese. At the first start it offers the "
        "language of your system; Up and Down or a click choose another, Enter or Play takes it, and Esc keeps "
        "the system's. The whole game changes at once. Settings > Play > Language changes it later.")),
    "why": (
        N_("Why?"),
        N_("Y at the table explains the moves: why QuickTip suggests its tile on your turn, and why each computer "
        "player made its last discard or claim. The reasons are worked out from what that player could see "
        "when they chose: how near ready the move leaves the hand, how many useful tiles are still live, what is "
        "already out and what is dangerous. A computer player's reason would show its tiles, so while the hand "
        "is played it is told only with every hand face up (F6, and the hand is then not settled); otherwise "
        "once the hand is over. Y, Enter or Esc closes the box.")),
    "join": (
        N_("Join a Table"),
        N_("Play at a friend's table over the network. Type the address their waiting room shows (such as "
        "192.168.1.20:8765) and the name the others will see, then press Enter. Both are remembered for next "
        "time, with your seat: if your game closes during a hand, join again within the table's time and you get "
        "your seat back. Tab moves between the fields; Esc goes back.")),
    "waiting_room": (
        N_("The Waiting Room"),
        N_("Who sits at the network table: the players who joined, the seats still open and, once the game starts, "
        "the computer players who take them. It names the ruleset and the mods it comes from; if one is not "
        "installed here the table sends its rules, or this box names the mod to install. The host shares the "
        "address at the top and starts the game with Enter; the hand is then played at the table as always, with "
        "the host's timers. Esc leaves the table.")),
}
"""Topic → (title, text): the page F1 shows first on each screen."""

TABLE_SITUATIONS = ("table.dealt", "table.passing", "table.turn", "table.claim", "table.waiting", "table.over")


def table_situation(session: Any) -> str:
    """The help topic for the table as it stands: what the player is being asked to do."""
    phase = session.phase
    if phase == "over":
        return "table.over"
    if phase == "passing":
        return "table.passing"
    if not session.started:
        return "table.dealt"
    if session.human_to_discard:
        return "table.turn"
    if session.human_may_claim:
        return "table.claim"
    return "table.waiting"


def help_topic(scene: Any) -> str:
    """The topic of the help page about ``scene`` (a table's depends on the situation at it)."""
    if scene.name == "table":
        return table_situation(scene.session)
    if scene.name in SCREEN_PAGES:
        return str(scene.name)
    # A box named for its one use (the quit question is a "confirm" box named "quit"): its kind's page.
    for topic, target in SCENES.items():
        if target.rpartition(":")[2] == type(scene).__name__:
            return topic
    return str(scene.name)

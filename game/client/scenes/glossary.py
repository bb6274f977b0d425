"""The glossary: every term the game uses, in plain words, with the tiles it means where a picture helps.

Each entry is (term, meaning, tile groups as codes: "" for none; groups are separated by ``|``).
"""

from __future__ import annotations

from game.i18n import N_

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    (N_("Ask First"), N_("An option: the game asks before doing something for you (going Mah Jongg on a drawn tile, "
     "declaring a Kong). Off, the program takes Mah Jongg and Kongs for you. F10 switches it."), ""),
    (N_("Bamboo"), N_("One of the three suits, numbered 1 to 9; the 1 Bamboo is a bird."), "1B 5B 9B"),
    (N_("Bonus tile"), N_("A Flower or a Season: not part of any set, laid out at once for points and replaced by a "
     "loose tile."), "F1 S1"),
    (N_("Characters"), N_("One of the three suits: the Chinese numbers 1 to 9 over the sign for ten thousand."),
     "1C 5C 9C"),
    (N_("Charleston"), N_("In Western and American rules, the passing of three tiles right, across and left before "
     "play starts."), ""),
    (N_("Chow"), N_("Three tiles in a row of one suit. A discard may be claimed for a Chow only from the player on "
     "your left (who plays just before you)."), "4C 5C 6C"),
    (N_("Claim"), N_("Taking another player's discard to complete a set or Mah Jongg: press C, P, K or M, or click the "
     "tile, before the timer bar runs out."), ""),
    (N_("Concealed"), N_("Built from tiles you drew yourself and never shown: concealed sets score double."), ""),
    (N_("Deal"), N_("Handing out the tiles at the start of a hand: four at a time to each player, three times, then "
                    "one "
     "each, so everyone holds 13."), ""),
    (N_("Dice"), N_("Thrown by East to choose which side of the wall is broken, and where."), ""),
    (N_("Discard"), N_("The tile you give away at the end of your turn, face up in the middle for everyone to see."),
     ""),
    (N_("Dots"), N_("One of the three suits, numbered 1 to 9 by their circles; also called Circles."), "1D 5D 9D"),
    (N_("Double"), N_("Multiplies a hand's score by two: Pungs of Dragons or of your own or the round's wind, one-suit "
     "hands and others. Three doubles multiply by eight."), ""),
    (N_("Dragons"), N_("Honour tiles: Red, Green and White, four of each."), "RD GD WD"),
    (N_("East"), N_("The dealer: plays first, pays and receives double. The deal passes on when East does not win."),
     "EW"),
    (N_("Exposed"), N_("Laid face up beside the rack after a claim (or a declared Kong): everyone can see it."), ""),
    (N_("Flowers"), N_("Four bonus tiles, one for each wind's seat; each scores 4 points (more if it is your own)."),
     "F1 F2 F3 F4"),
    (N_("Gone out"), N_("A tile whose copies have all been seen (discarded or in exposed sets): nobody can be waiting "
     "for it any more."), ""),
    (N_("Goulash"), N_("In British rules, a special hand dealt after a hand nobody won: tiles are passed and one kind "
     "is wild."), ""),
    (N_("Hand"), N_("Both your tiles and one round of play, from the deal to Mah Jongg or an empty wall."), ""),
    (N_("Honours"), N_("The Winds and the Dragons: tiles without numbers, which never form a Chow."), "EW RD"),
    (N_("Joker"), N_("In Western rules, eight extra tiles that stand in for any tile in a Pung or a Kong (never in a "
     "Chow or a pair)."), "JK"),
    (N_("Kong"), N_("Four identical tiles. It counts as one set, so you draw a loose tile to make up; concealed Kongs "
     "score most."), "GD GD GD GD"),
    (N_("Kong box"), N_("The stacks past the break of the wall, where the loose tiles lie: drawn after a Kong, a "
     "Flower or a Season."), ""),
    (N_("Limit"),
        N_("The most a hand may score in rulesets that set one; many special hands are worth the limit."), ""),
    (N_("Loose tile"), N_("A tile from the kong box, drawn to replace a Flower, a Season or the fourth tile of a "
                          "Kong."),
     ""),
    (N_("Mah Jongg"), N_("A complete winning hand, four sets and a pair (or a special hand), and calling it: press M."),
     "2B 3B 4B|6C 6C 6C|7D 8D 9D|RD RD RD|EW EW"),
    (N_("Pair"), N_("Two identical tiles: a regular winning hand needs exactly one."), "EW EW"),
    (N_("Pung"), N_("Three identical tiles. A discard may be claimed for a Pung from any player."), "7D 7D 7D"),
    (N_("QuickTip"), N_("The tile the computer would discard in your place, lit on your rack (F8), with its reason "
     "under Why? (Y)."), ""),
    (N_("Ready hand"), N_("A hand one tile short of Mah Jongg, waiting for the tiles that complete it."), ""),
    (N_("Riichi"), N_("In Japanese rules, declaring a concealed ready hand as you discard: it locks the hand and adds "
     "a double."), ""),
    (N_("Robbing a Kong"),
        N_("Going Mah Jongg on the tile another player adds to an exposed Pung to make a Kong."), ""),
    (N_("Round wind"), N_("The wind of the round (East first): a Pung of it doubles the score. Also the prevailing "
     "wind."), ""),
    (N_("Safe tile"), N_("A discard unlikely to give anyone Mah Jongg, such as a tile just discarded by others and not "
     "claimed."), ""),
    (N_("Seasons"), N_("Four bonus tiles like the Flowers, each scoring 4 points."), "S1 S2 S3 S4"),
    (N_("Seat wind"), N_("Your own wind, from where you sit relative to East: a Pung of it doubles the score."), ""),
    (N_("Self-drawn"), N_("Mah Jongg completed with a tile you drew from the wall rather than a discard."), ""),
    (N_("Set"), N_("A Chow, Pung or Kong: a winning hand is four sets and a pair."), ""),
    (N_("Settlement"), N_("The payments after a hand: the losers pay the winner, and in some rules settle the "
     "differences between their own scores."), ""),
    (N_("Show All Hands"), N_("F6: every player's tiles face up, to learn from; a hand played so is not paid."), ""),
    (N_("Special hand"), N_("A winning hand with its own pattern and value, such as the Thirteen Odd Majors: the Rules "
     "pages list each with an example."), "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD"),
    (N_("Standing hand"), N_("In classic rules, declaring a ready hand you will not change, for extra points."), ""),
    (N_("Suit"), N_("Bamboo, Characters or Dots: tiles numbered 1 to 9, four of each."), ""),
    (N_("Terminals"), N_("The ones and nines of the suits."), "1B 9B 1C 9C 1D 9D"),
    (N_("Timer bar"), N_("The bar in the compass that runs while you may claim a discard; when it runs out the tile is "
     "let go."), ""),
    (N_("Wall"), N_("The tiles face down in four walls two tiles high, from which everybody draws (W shows it)."), ""),
    (N_("Winds"), N_("Honour tiles: East, South, West and North, four of each."), "EW SW WW NW"),
)
"""The glossary, alphabetical."""

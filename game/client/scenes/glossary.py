"""The glossary: every term the game uses, in plain words, with the tiles it means where a picture helps.

Each entry is (term, meaning, tile groups as codes: "" for none; groups are separated by ``|``).
"""

from __future__ import annotations

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    ("Ask First", "An option: the game asks before doing something for you (going Mah Jongg on a drawn tile, "
     "declaring a Kong). Off, the program takes Mah Jongg and Kongs for you. F10 switches it.", ""),
    ("Bamboo", "One of the three suits, numbered 1 to 9; the 1 Bamboo is a bird.", "1B 5B 9B"),
    ("Bonus tile", "A Flower or a Season: not part of any set, laid out at once for points and replaced by a "
     "loose tile.", "F1 S1"),
    ("Characters", "One of the three suits: the Chinese numbers 1 to 9 over the sign for ten thousand.",
     "1C 5C 9C"),
    ("Charleston", "In Western and American rules, the passing of three tiles right, across and left before "
     "play starts.", ""),
    ("Chow", "Three tiles in a row of one suit. A discard may be claimed for a Chow only from the player on "
     "your left (who plays just before you).", "4C 5C 6C"),
    ("Claim", "Taking another player's discard to complete a set or Mah Jongg: press C, P, K or M, or click the "
     "tile, before the timer bar runs out.", ""),
    ("Concealed", "Built from tiles you drew yourself and never shown: concealed sets score double.", ""),
    ("Deal", "Handing out the tiles at the start of a hand: four at a time to each player, three times, then one "
     "each, so everyone holds 13.", ""),
    ("Dice", "Thrown by East to choose which side of the wall is broken, and where.", ""),
    ("Discard", "The tile you give away at the end of your turn, face up in the middle for everyone to see.",
     ""),
    ("Dots", "One of the three suits, numbered 1 to 9 by their circles; also called Circles.", "1D 5D 9D"),
    ("Double", "Multiplies a hand's score by two: Pungs of Dragons or of your own or the round's wind, one-suit "
     "hands and others. Three doubles multiply by eight.", ""),
    ("Dragons", "Honour tiles: Red, Green and White, four of each.", "RD GD WD"),
    ("East", "The dealer: plays first, pays and receives double. The deal passes on when East does not win.",
     "EW"),
    ("Exposed", "Laid face up beside the rack after a claim (or a declared Kong): everyone can see it.", ""),
    ("Flowers", "Four bonus tiles, one for each wind's seat; each scores 4 points (more if it is your own).",
     "F1 F2 F3 F4"),
    ("Gone out", "A tile whose copies have all been seen (discarded or in exposed sets): nobody can be waiting "
     "for it any more.", ""),
    ("Goulash", "In British rules, a special hand dealt after a hand nobody won: tiles are passed and one kind "
     "is wild.", ""),
    ("Hand", "Both your tiles and one round of play, from the deal to Mah Jongg or an empty wall.", ""),
    ("Honours", "The Winds and the Dragons: tiles without numbers, which never form a Chow.", "EW RD"),
    ("Joker", "In Western rules, eight extra tiles that stand in for any tile in a Pung or a Kong (never in a "
     "Chow or a pair).", "JK"),
    ("Kong", "Four identical tiles. It counts as one set, so you draw a loose tile to make up; concealed Kongs "
     "score most.", "GD GD GD GD"),
    ("Kong box", "The stacks past the break of the wall, where the loose tiles lie: drawn after a Kong, a "
     "Flower or a Season.", ""),
    ("Limit", "The most a hand may score in rulesets that set one; many special hands are worth the limit.", ""),
    ("Loose tile", "A tile from the kong box, drawn to replace a Flower, a Season or the fourth tile of a Kong.",
     ""),
    ("Mah Jongg", "A complete winning hand, four sets and a pair (or a special hand), and calling it: press M.",
     "2B 3B 4B|6C 6C 6C|7D 8D 9D|RD RD RD|EW EW"),
    ("Pair", "Two identical tiles: a regular winning hand needs exactly one.", "EW EW"),
    ("Pung", "Three identical tiles. A discard may be claimed for a Pung from any player.", "7D 7D 7D"),
    ("QuickTip", "The tile the computer would discard in your place, lit on your rack (F8), with its reason "
     "under Why? (Y).", ""),
    ("Ready hand", "A hand one tile short of Mah Jongg, waiting for the tiles that complete it.", ""),
    ("Riichi", "In Japanese rules, declaring a concealed ready hand as you discard: it locks the hand and adds "
     "a double.", ""),
    ("Robbing a Kong", "Going Mah Jongg on the tile another player adds to an exposed Pung to make a Kong.", ""),
    ("Round wind", "The wind of the round (East first): a Pung of it doubles the score. Also the prevailing "
     "wind.", ""),
    ("Safe tile", "A discard unlikely to give anyone Mah Jongg, such as a tile just discarded by others and not "
     "claimed.", ""),
    ("Seasons", "Four bonus tiles like the Flowers, each scoring 4 points.", "S1 S2 S3 S4"),
    ("Seat wind", "Your own wind, from where you sit relative to East: a Pung of it doubles the score.", ""),
    ("Self-drawn", "Mah Jongg completed with a tile you drew from the wall rather than a discard.", ""),
    ("Set", "A Chow, Pung or Kong: a winning hand is four sets and a pair.", ""),
    ("Settlement", "The payments after a hand: the losers pay the winner, and in some rules settle the "
     "differences between their own scores.", ""),
    ("Show All Hands", "F6: every player's tiles face up, to learn from; a hand played so is not paid.", ""),
    ("Special hand", "A winning hand with its own pattern and value, such as the Thirteen Odd Majors: the Rules "
     "pages list each with an example.", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD"),
    ("Standing hand", "In classic rules, declaring a ready hand you will not change, for extra points.", ""),
    ("Suit", "Bamboo, Characters or Dots: tiles numbered 1 to 9, four of each.", ""),
    ("Terminals", "The ones and nines of the suits.", "1B 9B 1C 9C 1D 9D"),
    ("Timer bar", "The bar in the compass that runs while you may claim a discard; when it runs out the tile is "
     "let go.", ""),
    ("Wall", "The tiles face down in four walls two tiles high, from which everybody draws (W shows it).", ""),
    ("Winds", "Honour tiles: East, South, West and North, four of each.", "EW SW WW NW"),
)
"""The glossary, alphabetical."""

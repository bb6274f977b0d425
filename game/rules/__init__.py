"""Rules as data: ruleset and special-hands files (YAML) turned into :mod:`game.core` objects.

``load_ruleset(path, parents=…, hand_files=…)`` loads a ruleset (refusing it whole, with every problem as
``FILE:LINE:COLUMN: message``); ``apply_hand_file`` applies a special-hands file; ``json_schema`` exports the
file formats for editors.
"""

from game.rules.load import apply_hand_file, build_ruleset, json_schema, load_ruleset

__all__ = ["apply_hand_file", "build_ruleset", "json_schema", "load_ruleset"]

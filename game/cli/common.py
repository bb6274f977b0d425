"""Helpers shared by the subcommands."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(data: Any) -> None:
    """Print exactly one JSON document on stdout (interface contract)."""
    sys.stdout.write(json.dumps(data, separators=(", ", ": ")) + "\n")

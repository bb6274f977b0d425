"""The scenes: title, table, wall view, scores, settings, mod manager, help and rules."""

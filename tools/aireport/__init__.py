"""The pieces of ``tools/ai_report.py``: the matchups, playing them, their statistics, and the report's sections."""

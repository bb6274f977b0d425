"""Drawing helpers: tile faces (the tile sheet, or drawn faces as a stop-gap) and tile sprites with depth."""

"""The board: tile sides compiled to graphs (geometry), chapter layouts (layout), reach, checks and drawings."""

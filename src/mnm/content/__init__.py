"""Game content: the typed schema of every card, hero, minion, tile side and chapter, and its loader (YAML data)."""

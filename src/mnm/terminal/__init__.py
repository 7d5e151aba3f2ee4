"""Terminal clients: ``mnm play`` (a Textual app) and ``mnm play --plain`` (line by line, for screen readers).

Both drive the engine only through :class:`mnm.engine.game.Game`; the plain mode also serves scripts."""

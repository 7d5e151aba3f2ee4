"""Terminal clients: ``mnm play`` (a Textual app) and ``mnm play --plain`` (line by line, for screen readers
and scripts). Both drive the engine only through :class:`mnm.engine.game.Game`."""

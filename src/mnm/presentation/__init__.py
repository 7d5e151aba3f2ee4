"""What the clients (web server, terminal) share to present a game: descriptions of things (info), seats, bots and undo (seating)."""

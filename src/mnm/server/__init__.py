"""The web server (``mnm serve``): shared tables over HTTP and WebSocket, storage in SQLite or PostgreSQL."""

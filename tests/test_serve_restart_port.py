"""Issue 26, finding 7: ``mnm serve`` restarts at once after a crash. Its own port check binds like the server
does (SO_REUSEADDR), so connections the old process left in TIME_WAIT do not make it refuse to start; a port
that something still listens on is still refused."""

from __future__ import annotations

import socket

from mnm.cli.serve import port_in_use


def _leave_time_wait() -> int:
    """A port whose listener is gone but whose accepted connection the server side closed first (TIME_WAIT)."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = int(listener.getsockname()[1])
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = listener.accept()
    accepted.close()  # the server closes first: its side of the connection lingers in TIME_WAIT
    client.recv(1)
    client.close()
    listener.close()
    return port


def test_a_port_left_in_time_wait_is_free_for_a_restart() -> None:
    port = _leave_time_wait()
    plain = socket.socket()
    try:  # the situation is real: a bind without SO_REUSEADDR fails here
        plain.bind(("127.0.0.1", port))
        lingering = False
    except OSError:
        lingering = True
    finally:
        plain.close()
    assert lingering
    assert port_in_use("127.0.0.1", port) is None


def test_a_port_someone_listens_on_is_still_refused() -> None:
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = int(listener.getsockname()[1])
        why = port_in_use("127.0.0.1", port)
    assert why is not None and "in use" in why.lower()

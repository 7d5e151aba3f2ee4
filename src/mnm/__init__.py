"""Mice and Mystics, the digital edition: content, board, rules engine and clients."""

__version__ = "0.1.0"

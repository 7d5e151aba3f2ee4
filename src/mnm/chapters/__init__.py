"""The chapter concept in one place: its language (typed rules), reference doc, file reader and command line.

A chapter file is read and validated here; the engine interprets its rules (mnm.engine.rules.chapter_rules).

Layers inside: ``field_error`` <- ``language`` <- ``doc`` sit below the content schema and the engine (which
import them); ``file`` (reads a chapter file into content) and ``cli`` sit above the engine. This ``__init__``
imports nothing, so importing the language never pulls in the engine.
"""

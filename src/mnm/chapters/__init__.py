"""The chapter concept in one place: the chapter language (typed rules), its reference doc, a chapter file's
reading and validation, and its command line; the engine interprets the rules (mnm.engine.rules.chapter_rules).

Layers inside: ``field_error`` <- ``language`` <- ``doc`` sit below the content schema and the engine (which
import them); ``file`` (reads a chapter file into content) and ``cli`` sit above the engine. This ``__init__``
imports nothing, so importing the language never pulls in the engine.
"""

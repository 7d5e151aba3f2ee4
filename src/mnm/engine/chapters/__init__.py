"""Chapters written as Python code: none. Every shipped chapter is data, its rules written in the chapter
language (docs/chapters.md) and compiled by :mod:`mnm.engine.rules.chapter_rules`.

A rule the language truly cannot say would live here as a :class:`mnm.engine.hooks.ChapterRules` subclass
registered with ``chapter_rules("<chapter id>")(TheClass)``, with its reason written in docs/chapters.md.
"""

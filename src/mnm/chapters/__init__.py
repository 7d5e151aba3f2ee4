"""Chapter files: reading an untrusted chapter file into content, the rule graph, and the generated chapters.

The chapter *language* (the typed rules a file is written in) sits on the lowest floor, in
:mod:`mnm.chapter_language`, which the content schema and the engine import. This package stands on one floor,
above the engine and below the bots: ``file`` reads, bounds and checks a chapter file against the content and
the board (:mod:`mnm.chapters.file` and its stages), ``rule_graph`` says what can make each condition true and
what the bots cannot plan for (issue 29), ``generate`` writes random chapters from families of constructs. The
``mnm chapter`` command line is :mod:`mnm.cli.chapter`.
"""

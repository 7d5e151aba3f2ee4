"""The chapter concept's home (issue 29): the language, its validation and its planner-facing description."""

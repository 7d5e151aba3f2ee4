"""The chapter workshop: chapter files checked, boards composed, drafts play-tested by bots (issue 23)."""

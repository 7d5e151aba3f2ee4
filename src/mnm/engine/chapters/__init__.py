"""Chapter hook modules: each chapter's special rules, named by the chapter's ``hooks`` field."""

"""Records of played tables and their verification: replaying a record from its seed checks every die (``mnm verify``)."""

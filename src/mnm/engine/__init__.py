"""The pure rules engine: content + seed + actions -> states and events. No I/O, clock or global random."""

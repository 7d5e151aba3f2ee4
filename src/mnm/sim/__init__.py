"""Chapter simulations and difficulty reports (``mnm simulate``)."""

from mnm.sim.simulate import GameSpec, play_game, run_simulation, summarise, wilson_interval

__all__ = ["GameSpec", "play_game", "run_simulation", "summarise", "wilson_interval"]

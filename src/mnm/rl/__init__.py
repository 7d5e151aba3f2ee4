"""RL environments (PettingZoo AEC, Gymnasium); needs the optional extra ``mnm[rl]``."""

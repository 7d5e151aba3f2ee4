"""Reinforcement-learning environments: a PettingZoo AEC environment (one agent per mouse) and a Gymnasium
single-agent wrapper (one agent plays every mouse). Optional: ``pip install 'mnm[rl]'``.

Actions are indices into the pending decision's legal options (the engine's own order), padded to
``MAX_ACTIONS`` and masked: ``observation["action_mask"][i] == 1`` exactly when option ``i`` is legal. The
observation's feature vector is built only when asked for (``observe``), from plain numbers: each mouse's place,
wounds, cheese and captivity; up to ``MINION_SLOTS`` minions with their place and wounds; the hourglass, wheel,
round and exploration. Reward: +1 when the chapter is won, -1 when it is lost, 0 otherwise.
"""

from __future__ import annotations

from typing import Any, ClassVar

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:  # one clear line instead of a bare traceback from deep inside
    raise ModuleNotFoundError(
        f"the RL environments need the optional RL packages ({missing.name} is not installed): "
        ".venv/bin/pip install -e '.[rl]' (gymnasium, pettingzoo, numpy)",
        name=missing.name,
    ) from None

from mnm.engine import Game, hero_life

__all__ = ["MAX_ACTIONS", "MiceAndMysticsAEC", "MiceAndMysticsGym", "features", "options_mask"]

MAX_ACTIONS = 128
MINION_SLOTS = 12
HERO_FEATURES = 6
MINION_FEATURES = 5
GLOBAL_FEATURES = 6
DEFAULT_PARTY = ("collin", "tilda", "filch", "maginos")


def _obs_size(n_heroes: int) -> int:
    return n_heroes * HERO_FEATURES + MINION_SLOTS * MINION_FEATURES + GLOBAL_FEATURES


def features(game: Game) -> np.ndarray:
    """The observation vector of ``game`` (float32, values roughly in 0..1)."""
    st = game.state
    board = game.ctx.board
    content = game.ctx.content
    sides = sorted(board.graphs)
    out: list[float] = []

    def place(space: str | None) -> tuple[float, float, float]:
        if space is None:
            return (0.0, 0.0, 0.0)
        sp = board.spaces[space]
        return ((sides.index(sp.side) + 1) / len(sides), sp.centre[0] / 12.0, sp.centre[1] / 12.0)

    for hid in st.party:
        h = st.heroes[hid]
        life = hero_life(content, st.options, hid)
        out.extend(place(h.space))
        out.extend((h.wounds / life, min(h.cheese, 12) / 12.0, 1.0 if h.captured else 0.0))
    minions = sorted(st.minions.values(), key=lambda m: m.id)[:MINION_SLOTS]
    types = sorted(content.minions)
    for m in minions:
        out.append((types.index(m.type) + 1) / len(types))
        out.extend(place(m.space)[1:])
        out.append(m.wounds / content.minions[m.type].life)
        out.append(1.0)
    out.extend([0.0] * (MINION_SLOTS - len(minions)) * MINION_FEATURES)
    out.extend(
        (
            st.hourglass / max(1, st.end_page),
            st.wheel / 6.0,
            min(st.round, 60) / 60.0,
            len(set(st.explored)) / len(sides),
            len(st.minions) / 20.0,
            1.0 if st.turn is not None else 0.0,
        )
    )
    return np.asarray(out, dtype=np.float32)


def options_mask(game: Game) -> np.ndarray:
    mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
    mask[: min(MAX_ACTIONS, len(game.legal_actions()))] = 1
    return mask


class MiceAndMysticsAEC(AECEnv):  # type: ignore[misc]
    """One agent per mouse; the agent to act is the mouse who owns the pending decision."""

    metadata: ClassVar[dict[str, Any]] = {"name": "mice_and_mystics_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, chapter: str = "proving-grounds", party: tuple[str, ...] = DEFAULT_PARTY,
                 render_mode: str | None = None, max_decisions: int = 3000) -> None:
        super().__init__()
        self.chapter = chapter
        self.party = tuple(party)
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.possible_agents = list(self.party)
        size = _obs_size(len(self.party))
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-1.0, high=2.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(MAX_ACTIONS,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(MAX_ACTIONS)
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = Game.new(self.chapter, list(self.party), seed=seed or 0)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.decisions = 0
        self._select()

    def _select(self) -> None:
        assert self.game is not None
        d = self.game.decision()
        actor = d.actor if d is not None else ""
        self.agent_selection = actor if actor in self.agents else (self.agents[0] if self.agents else "")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None
        mask = options_mask(self.game) if agent == self.agent_selection else np.zeros(MAX_ACTIONS, dtype=np.int8)
        return {"observation": features(self.game), "action_mask": mask}

    def step(self, action: int | None) -> None:
        assert self.game is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        options = self.game.legal_actions()
        if action is None or not 0 <= int(action) < len(options):
            raise ValueError(f"action {action} is not legal: choose an index with action_mask == 1")
        self.game.apply(options[int(action)])
        self.decisions += 1
        status = self.game.state.status
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if status != "playing":
            value = 1.0 if status == "won" else -1.0
            self.rewards = dict.fromkeys(self.agents, value)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.game is None:
            return None
        d = self.game.decision()
        return f"{self.game.state.status}; decision: {d.kind + ' for ' + d.actor if d else 'none'}"

    def close(self) -> None:
        self.game = None


class MiceAndMysticsGym(gymnasium.Env[dict[str, np.ndarray], int]):
    """One agent plays every mouse. An illegal index is refused with reward -0.01 and no change."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium declares it per instance)

    def __init__(self, chapter: str = "proving-grounds", party: tuple[str, ...] = DEFAULT_PARTY,
                 max_decisions: int = 3000, render_mode: str | None = None) -> None:
        self.chapter = chapter
        self.party = tuple(party)
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        size = _obs_size(len(self.party))
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(low=-1.0, high=2.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(MAX_ACTIONS,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(MAX_ACTIONS)  # type: ignore[assignment]
        self.game: Game | None = None
        self.decisions = 0

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.game is not None
        return {"observation": features(self.game), "action_mask": options_mask(self.game)}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self.game = Game.new(self.chapter, list(self.party), seed=game_seed)
        self.decisions = 0
        return self._obs(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.game is not None
        options = self.game.legal_actions()
        index = int(action)
        self.decisions += 1
        truncated = self.decisions >= self.max_decisions
        if not 0 <= index < len(options):
            return self._obs(), -0.01, False, truncated, {"illegal": True}
        self.game.apply(options[index])
        status = self.game.state.status
        reward = 1.0 if status == "won" else -1.0 if status == "lost" else 0.0
        return self._obs(), reward, status != "playing", truncated and status == "playing", {}

    def render(self) -> str | None:
        return None if self.game is None else f"{self.game.state.status}"

"""The RL environments pass the official API checks of PettingZoo and Gymnasium."""

from __future__ import annotations

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from mnm.rl.env import MAX_ACTIONS, MiceAndMysticsAEC, MiceAndMysticsGym


def test_pettingzoo_api() -> None:
    api_test(MiceAndMysticsAEC(max_decisions=200), num_cycles=60)


def test_gymnasium_checker() -> None:
    check_env(MiceAndMysticsGym(max_decisions=200), skip_render_check=True)


def test_mask_marks_exactly_the_legal_options() -> None:
    env = MiceAndMysticsAEC()
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)
    assert env.game is not None
    n = len(env.game.legal_actions())
    assert obs["action_mask"].sum() == min(n, MAX_ACTIONS)
    assert obs["action_mask"][:n].all()
    assert env.agent_selection == env.game.decision().actor  # type: ignore[union-attr]


def test_a_masked_random_game_ends_with_a_reward() -> None:
    env = MiceAndMysticsAEC(max_decisions=5000)
    env.reset(seed=7)
    rng = np.random.default_rng(0)
    final: list[float] = []
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final.append(reward)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert env.game is not None and env.game.state.status in ("won", "lost")
    expected = 1.0 if env.game.state.status == "won" else -1.0
    assert final and all(r == expected for r in final)


def test_gym_refuses_an_illegal_index_without_changing_the_game() -> None:
    env = MiceAndMysticsGym()
    env.reset(seed=1)
    assert env.game is not None
    before = env.game.state.to_json()
    _, reward, term, _, info = env.step(MAX_ACTIONS - 1)
    assert reward == -0.01 and not term and info == {"illegal": True}
    assert env.game.state.to_json() == before

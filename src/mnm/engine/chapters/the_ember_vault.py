"""[EXP] Chapter 4, The Ember Vault (authored by us; docs/rulings.md, Chapter 4): the chapter's special rules.

* Under the Bank (18, start): 2 mindless rats and Hesster placed normally (his tail on the entry space
  nearest the mice, R-EXP-14); special surge of 2 mindless rats.
* The Ember Vault (20): the Clockwork Mortar stands on the mortar ledge (20:4) from the start. "Molox's Lair":
  the first time the mice reveal the vault, its story is read and Molox wakes on the forge ledge (20:2), his
  three initiative cards joining the track stacked Molox, Angry Molox, Enraged Molox (R-EXP-15), before the
  tile's encounter is drawn (R-STORY-03 tile setup). Special surge there: 2 Ember Beetles and 1 Cave Bat.
* Victory: Molox is defeated (R-WIN-01). Defeat: the general ones (R-WIN-02).
"""

from __future__ import annotations

from typing import ClassVar

from mnm.engine.chapters.advice import Route
from mnm.engine.chapters.routed import RoutedChapter
from mnm.engine.context import Ctx
from mnm.engine.hooks import chapter_rules
from mnm.engine.rules.creatures import creature_turn
from mnm.engine.rules.initiative import add_cards, cards_for_types
from mnm.engine.state import Minion, State

BANK = 18
VAULT = 20
FORGE_LEDGE = "20:2"
MOLOX = "molox"


# --- advice for bots (not a rule) ---------------------------------------------------------------------------

ROUTE: dict[int, Route] = {
    BANK: (("18:9",), "exit-0"),  # east, into the vault
    VAULT: ((FORGE_LEDGE,), ""),  # to Molox
}
ROUTE_ORDER = (BANK, VAULT)


class TheEmberVault(RoutedChapter):
    chapter_id: ClassVar[str] = "the-ember-vault"
    route: ClassVar[dict[int, Route]] = ROUTE
    route_order: ClassVar[tuple[int, ...]] = ROUTE_ORDER

    def on_explore(self, ctx: Ctx, st: State, side: int) -> None:
        """Molox's Lair: the vault's story and Molox on the forge ledge when it is first revealed (R-STORY-03)."""
        if side != VAULT or side in st.explored:
            return
        ctx.emit("story", "R-STORY-03", chapter=st.chapter, moment="vault")
        if any(m.type == MOLOX for m in st.minions.values()):
            return
        serial = st.minion_serial.get(MOLOX, 0) + 1
        st.minion_serial[MOLOX] = serial
        fig = Minion(f"{MOLOX}-{serial}", MOLOX, FORGE_LEDGE)
        st.minions[fig.id] = fig
        st.chapter_data["molox_woke"] = True
        ctx.emit("minion_placed", "R-STORY-03", minion=fig.id, space=FORGE_LEDGE, why="molox", reason="chapter")
        add_cards(ctx, st, [], cards_for_types(ctx, st, [MOLOX]))

    def minion_turn_override(self, ctx: Ctx, st: State, m: Minion) -> bool:
        return creature_turn(ctx, st, m)

    def check_victory(self, ctx: Ctx, st: State) -> bool:
        """Molox is defeated: he woke (the vault was revealed) and is no longer on the board."""
        return bool(st.chapter_data.get("molox_woke")) and not any(m.type == MOLOX for m in st.minions.values())


# Registered by a call, not a class decorator: mypyc compiles a decorated class as a slow non-native class.
chapter_rules("the-ember-vault")(TheEmberVault)

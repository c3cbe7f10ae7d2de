"""The decisions Race! Formula 90's book has every player take face down and reveal together,
for the parallel env (``autodromo.envs.parallel``): one step asks them of every seat at once.

- Qualifying (R20, R21): "Cada jogador escolhe uma carta de sua mão e a coloca virada para baixo
  [...] cada jogador escolhe secretamente um de seus tokens de abastecimento [...] Assim que todos
  os jogadores tiverem colocado suas cartas e tokens de abastecimento no painel, todos revelam ao
  mesmo tempo."
- Duels: the duel cards are laid face down, and "Todas as cartas são reveladas ao mesmo tempo".

Read from the observation's phase flags (docs/observations.md), the same for every race.
"""

from __future__ import annotations

from functools import cache

from .._core import State

SEALED_PHASES = ("phase: qualifying card", "phase: qualifying fuel", "phase: duel cards")


@cache
def _flags(names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(names.index(n) for n in SEALED_PHASES)


def sealed(state: State) -> bool:
    """Whether the decision to take now is one of those laid face down and revealed together."""
    # The phase flags lead the tensor: the first names are the same for every race.
    names = tuple(state.game.observation_names()[:64])
    obs = state.observation_tensor(max(state.current_player(), 0))
    return any(obs[i] > 0 for i in _flags(names))

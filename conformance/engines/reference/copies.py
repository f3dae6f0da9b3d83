"""Copiable values (CR 707.2): what a copy of an object gets.

A copy gets what is printed on the original -- or, if the original is itself copying
something, what that copies (CR 707.3) -- plus the exceptions of the copy effects
involved; never its status (tapped, counters, attachments, door states) or the effects of
other, non-copy effects.  A token copy of a double-faced permanent has both faces
(CR 707.8a); any other copy has only the face that was up (CR 707.8).
"""

from __future__ import annotations

from ...errors import Location
from ...format.cards import Card, CardFace
from ...format.vocabulary import Zone
from .game import Flow, Game
from .state import CopyEffect, GameObject
from .targets import choose_targets

#: What a copy of a face-down permanent copies: no name, no mana cost, no color, no
#: subtypes, no abilities; a 2/2 creature (CR 708.2).  Not a card of any pool.
FACE_DOWN_CARD = Card("", "normal", (CardFace(
    name="", mana_cost=None, type_line="Creature", types=("Creature",), subtypes=(),
    supertypes=(), text="", power="2", toughness="2", colors=(), color_indicator=None,
    keywords=(), side=None, rules=(), raw={}),), (), Location("<face-down values>"))


def copy_of(original: GameObject, *, token: bool, add_subtypes: tuple[str, ...] = (),
            add_types: tuple[str, ...] = (), add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """The copiable values of ``original`` (CR 707.2): what is printed on it, or what it
    copies (CR 707.3), plus the new exceptions.  A token copy of a double-faced permanent
    has both faces (CR 707.8a); any other copy only the face that is up (CR 707.8)."""
    if original.face_down:  # its face-down values, whatever it is or copies (CR 708.2)
        return CopyEffect(FACE_DOWN_CARD, add_subtypes, add_types, add_keywords, None, True)
    base = original.copy
    card = base.card if base is not None else original.card
    face = base.face if base is not None else None
    if face is None and not token and card.layout == "transform":
        face = 1 if original.transformed else 0
    inherited = base if base is not None else CopyEffect(card)
    return CopyEffect(
        card,
        tuple(dict.fromkeys(inherited.add_subtypes + add_subtypes)),
        tuple(dict.fromkeys(inherited.add_types + add_types)),
        tuple(dict.fromkeys(inherited.add_keywords + add_keywords)),
        face,
        inherited.face_down,
    )


def cast_copy(game: Game, player: str, card_id: str) -> Flow:
    """Cast a copy of a card without paying its mana cost (CR 707.12, 118.9).  The copy
    is a spell cast, so it can trigger abilities; targets are chosen as usual."""
    state = game.state
    original = state.objects[card_id]
    spell = state.create(original.card, player, Zone.STACK)
    spell.copy = original.copy or CopyEffect(original.card)
    spell.is_spell_copy = True
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, player, None,
        f"targets for the copy of {original.card.name}", exclude=spell.id)  # CR 115.5
    if targets is None:
        state.stack.remove(spell)
        del state.objects[spell.id]
        return
    spell.targets = targets
    state.player(player).spells_cast_this_turn.append(chars)
    game.emit("spell_cast", object=spell.id, player=player)

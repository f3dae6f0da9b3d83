"""Copiable values (CR 707.2): what a copy of an object gets.

A copy gets what is printed on the original -- or, if the original is itself copying
something, what that copies (CR 707.3) -- plus the exceptions of the copy effects
involved; never its status (tapped, counters, attachments, door states) or the effects of
other, non-copy effects.  A token copy of a double-faced permanent has both faces
(CR 707.8a); any other copy has only the face that was up (CR 707.8).
"""

from __future__ import annotations

from .state import CopyEffect, GameObject


def copy_of(original: GameObject, *, token: bool, add_subtypes: tuple[str, ...] = (),
            add_types: tuple[str, ...] = (), add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """The copiable values of ``original`` (CR 707.2): what is printed on it, or what it
    copies (CR 707.3), plus the new exceptions.  A token copy of a double-faced permanent
    has both faces (CR 707.8a); any other copy only the face that is up (CR 707.8)."""
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
    )

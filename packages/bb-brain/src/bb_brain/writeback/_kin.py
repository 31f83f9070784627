"""A relative named by a given name alone, and the family name they most likely share.

"Odile tells me her daughter Mireille made the county team": the news is Mireille's, and a
page for her would be "people/mireille-<family>". A parent, a child or a sibling of someone
whose family name the conversation knows is taken to share it ("Bram's mum Orla" is Orla
Quillet when Bram is Bram Quillet), as a person writing her page would. A spouse or a
partner often has another family name, and so do cousins, aunts and in-laws: they stay named
as said, and their news stays with the one whose relative they are
(:func:`bb_brain.writeback._attribute.choose`). So do the user's own relatives, whose family
name nobody has told.
"""

from __future__ import annotations

from typing import Final

from bb_brain._names import fold, name_forms
from bb_brain.writeback._attribute import Salience
from bb_brain.writeback._entities import Entity, EntityIndex, pronoun_class
from bb_brain.writeback._people import KIN_PRONOUNS, KinNamed

#: Relatives who are born to a family name, or give it: parents, children and siblings.
SHARE_THE_FAMILY_NAME: Final = frozenset(
    "mum mom mam mother dad father son daughter sister brother lad lass".split()
)


def kin_full_name(index: EntityIndex, text: str, kin: KinNamed, salience: Salience) -> str | None:
    """The relative's given name and their family's name, when both are known; else None."""
    if kin.kin not in SHARE_THE_FAMILY_NAME or _IN_LAW in text[kin.whose_start : kin.start]:
        return None  # "Jordan's sister-in-law Meera": married into another family
    owner = _whose(index, text, kin, salience)
    if owner is None or not owner.is_person:
        return None
    family = family_name(owner.title, owner.slug)
    if family is None or fold(family) == fold(kin.given):
        return None
    if _said_of_one_sex(family, KIN_PRONOUNS.get(kin.kin, ""), salience.pronoun_of(owner)):
        return None  # "olga's brother Ivan" is no Ivan Petrova: the name has another form
    return f"{kin.given} {family}"


def _said_of_one_sex(family: str, relative: str, owner: str) -> bool:
    """A family name whose form says its bearer's sex, passed to one of the other sex.

    Petrova, Kowalska, Nováková and Papadopoulou are a woman's forms, Petrov and Kowalski a
    man's; a Jónsdóttir's son is no Jónsdóttir whatever his sex.
    """
    folded = fold(family).casefold()
    if folded.endswith(_PATRONYMIC):
        return True
    if not relative or not owner or relative == owner:
        return False
    endings = _A_WOMANS if owner == "she" else _A_MANS
    return folded.endswith(endings)


#: A patronymic or a metronymic as a family name: a child's is another.
_PATRONYMIC: Final = ("dottir",)
#: Endings of family names in a woman's form (Slavic, Lithuanian, Greek).
_A_WOMANS: Final = (
    "ova",
    "eva",
    "ska",
    "cka",
    "dzka",
    "aite",
    "yte",
    "ute",
    "iene",
    "poulou",
    "idou",
    "akou",
)
#: Endings of family names in a man's form (Slavic, Greek).
_A_MANS: Final = ("ov", "ev", "ski", "cki", "dzki", "poulos", "idis", "akis")


def family_name(title: str, slug: str = "") -> str | None:
    """The family name of a person's title as written ("Le Quennec" of Odile Le Quennec).

    A title written family name first ("Trần Thị Hoa", "Kim Min-jun") whose page is named
    given name first ("people/hoa-tran", "people/min-jun-kim") has its family name where the
    page's name puts it last (a known limit: "Nagy Zsófia" at people/nagy-zsofia says
    nothing of its order, and lends "Zsófia").
    """
    words = title.split()
    named = slug.rpartition("/")[2].split("-")
    parts = [fold(word).casefold().split("-") for word in words]
    owner = [at for at, part in enumerate(parts) if named[-1] in part]
    if len(named) > 1 and len(owner) == 1 and owner[0] < len(words) - 1:
        return words[owner[0]]
    forms = name_forms(fold(title))
    if forms is None or len(forms.full.split()) != len(words):
        return None  # a title, a suffix or an initial: which words are the family's is unsure
    family = forms.family_with_particles or forms.family
    return " ".join(words[-len(family.split()) :])


#: What marks a relative by marriage, who may bear another family's name.
_IN_LAW: Final = "in-law"
#: Possessive pronouns before a relative: "his daughter", "My son".
_POSSESSIVE_PRONOUNS: Final = frozenset({"my", "his", "her", "their", "our"})


def _whose(index: EntityIndex, text: str, kin: KinNamed, salience: Salience) -> Entity | None:
    """Who "his", "her" or "Bram's" is, as the clause will read it."""
    whose = fold(kin.whose)
    if whose not in _POSSESSIVE_PRONOUNS:
        owner_ends = kin.whose_start + len(kin.whose) - len("'s")  # "Bram Quillet's"
        named = [
            mention
            for mention in index.mentions(text[: kin.whose_start + len(kin.whose)])
            if mention.entity is not None and mention.end == owner_ends
        ]
        return named[-1].entity if named else None
    wanted = pronoun_class(whose)
    if wanted not in ("he", "she"):
        return None  # "their", "my", "our": nobody's family name is known
    earlier = [
        mention.entity
        for mention in index.mentions(text[: kin.whose_start])
        if mention.entity is not None
        and mention.entity.is_person
        # what the page or the conversation says, as the clause binds its "her" itself
        and (mention.entity.pronoun or salience.pronouns.get(mention.entity.slug, ""))
        in ("", wanted)
    ]
    if earlier:
        return earlier[-1]  # "Odile tells me her daughter ...": the one just named
    fits = salience.fitting(whose)  # asked, not settled: the clause resolves "her" itself
    return fits[-1] if fits else salience.person

"""Name pools of corpus v2: people from many cultures, companies, funds and projects.

People are common given names and family names from many cultures, combined at random, so a
full name is nobody in particular; no pool family name is the family name of a public figure
(a test holds that), so no combination names one. Some cultures write the family name first
(a colleague may write "Zhang Wei" for the page "Wei Zhang"), some names carry diacritics (a
hurried user types "Jose Nunez"), some given names have a nickname that the page records.

Many names are also ordinary English words, places, months or other names (Grace, Will, May,
Jordan, Baker, Park, Atlas, Pilot...): :mod:`bb_corpus.generator._wordnames` holds an ordinary
use of each, so both readings get tested.

Changing any pool changes the committed corpus: append, never reorder (and regenerate).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Pronoun = Literal["she", "he", "they"]

_PRONOUNS: Final[dict[str, Pronoun]] = {"f": "she", "m": "he", "x": "they"}


@dataclass(frozen=True)
class Given:
    """A given name, the pronoun its holder uses, and an optional nickname."""

    name: str
    pronoun: Pronoun
    nickname: str = ""


@dataclass(frozen=True)
class Culture:
    """Names of one culture and how they are written.

    Attributes:
        key: A short label (recorded nowhere in the corpus; used in tests and statistics).
        given: Given names.
        family: Family names.
        family_first: Whether the culture writes the family name first.
        san: Whether "-san" after the family name is a natural honorific.
    """

    key: str
    given: tuple[Given, ...]
    family: tuple[str, ...]
    family_first: bool = False
    san: bool = False


def _given(*specs: str) -> tuple[Given, ...]:
    """``"Elizabeth f Liz"`` -> Given("Elizabeth", "she", "Liz")."""
    out = []
    for spec in specs:
        name, pronoun, *nickname = spec.split()
        out.append(Given(name, _PRONOUNS[pronoun], nickname[0] if nickname else ""))
    return tuple(out)


#: Given names that are ordinary English words, places or months.
WORD_GIVEN: Final = _given(
    "Grace f", "Will m", "May f", "June f", "Frank m", "Jordan x", "Paris f", "Summer f",
    "Bill m", "Mark m", "Hope f", "Rose f", "April f", "August m", "Faith f", "Joy f",
    "Dawn f", "Amber f", "Ivy f", "Penny f", "Miles m", "Chase m", "Drew x", "Cliff m",
    "Pat x", "Autumn f", "Florence f", "Sydney x", "Austin m", "Jack m", "Art m", "Rich m",
    "Olive f", "Ruby f", "Lane x", "Wade m", "Max m", "Holly f", "Robin x", "Sandy x",
)  # fmt: skip

#: Family names that are ordinary English words.
WORD_FAMILY: Final[tuple[str, ...]] = (
    "Baker", "Mason", "Wood", "Frost", "Bell", "Stone", "Long", "Strong", "Little", "Brown",
    "Young", "Gold", "Price", "Cash", "Banks", "Fox", "Shepherd", "Marsh", "Hill", "Field",
    "Snow", "Sharp", "Best", "Sterling", "Wise", "Love", "Cross", "King", "Park", "Hall",
)  # fmt: skip

CULTURES: Final[tuple[Culture, ...]] = (
    Culture(
        "english",
        WORD_GIVEN
        + _given(
            "Elizabeth f Liz",
            "Katherine f Kate",
            "Robert m Rob",
            "Margaret f Maggie",
            "Alexander m Sasha",
            "Christopher m Kit",
            "Nicholas m Nick",
            "Theodore m Teddy",
            "Rebecca f Becky",
            "Jonathan m Jonty",
            "Eleanor f Nell",
            "Abigail f Abby",
            "Josephine f Jo",
            "Frederick m Fred",
            "Harriet f Hattie",
            "Nathaniel m Nate",
        ),
        WORD_FAMILY
        + (
            "Harlow",
            "Whitfield",
            "Pemberton",
            "Ashworth",
            "Calloway",
            "Fairbanks",
            "Thornton",
            "Holloway",
            "Radcliffe",
            "Sutherland",
            "Kingsley",
            "Prescott",
            "Langley",
            "Ellery",
        ),
    ),
    Culture(
        "irish",
        _given("Siobhán f", "Niamh f", "Aoife f", "Seán m", "Ciarán m", "Pádraig m Paddy"),
        ("O'Sullivan", "Brennan", "Gallagher", "Kavanagh", "Donnelly", "Ó Briain"),
    ),
    Culture(
        "nigerian",
        _given(
            "Chidi m",
            "Ngozi f",
            "Adaeze f Ada",
            "Emeka m",
            "Oluwaseun x Seun",
            "Folake f",
            "Tunde m",
            "Ifeoma f",
            "Chiamaka f Amaka",
        ),  # fmt: skip
        ("Okafor", "Adeyemi", "Nwosu", "Okonkwo", "Balogun", "Adebayo", "Ogunleye", "Chukwu"),
    ),
    Culture(
        "ghanaian",
        _given("Kwame m", "Ama f", "Kofi m", "Akua f", "Yaw m", "Esi f"),
        ("Mensah", "Asante", "Boateng", "Owusu", "Appiah", "Darko"),
    ),
    Culture(
        "east-african",
        _given(
            "Wanjiru f",
            "Otieno m",
            "Achieng f",
            "Kamau m",
            "Selam f",
            "Dawit m",
            "Tigist f",
            "Abebe m",
        ),  # fmt: skip
        ("Mwangi", "Odhiambo", "Kariuki", "Njoroge", "Tesfaye", "Bekele", "Girma", "Wolde"),
    ),
    Culture(
        "indian",
        _given(
            "Priya f",
            "Arjun m",
            "Ananya f",
            "Rohan m",
            "Kavya f",
            "Vikram m Vik",
            "Deepa f",
            "Sanjay m",
            "Lakshmi f",
            "Aditya m Adi",
        ),  # fmt: skip
        (
            "Sharma",
            "Iyer",
            "Reddy",
            "Menon",
            "Banerjee",
            "Chatterjee",
            "Nair",
            "Rao",
            "Gupta",
            "Desai",
            "Kulkarni",
            "Venkataraman",
        ),  # fmt: skip
    ),
    Culture(
        "pakistani",
        _given("Ayesha f", "Fatima f", "Bilal m", "Zainab f", "Hamza m", "Saad m"),
        ("Qureshi", "Siddiqui", "Malik", "Chaudhry", "Hashmi", "Abbasi"),
    ),
    Culture(
        "chinese",
        _given(
            "Wei m",
            "Jing f",
            "Hao m",
            "Mei f",
            "Xin f",
            "Lei m",
            "Yan f",
            "Jun m",
            "Ling f",
            "Tao m",
            "Yuxin f",
            "Zihan x",
        ),  # fmt: skip
        (
            "Zhang",
            "Liu",
            "Chen",
            "Zhao",
            "Zhou",
            "Wu",
            "Lin",
            "Guo",
            "Luo",
            "Gao",
            "Deng",
            "Feng",
            "Cao",
            "Shen",
        ),  # fmt: skip
        family_first=True,
    ),
    Culture(
        "japanese",
        _given(
            "Yuki x",
            "Haruto m",
            "Aiko f",
            "Kenji m",
            "Sakura f",
            "Hiroshi m",
            "Emi f",
            "Daichi m",
            "Naoko f",
            "Takumi m",
        ),  # fmt: skip
        (
            "Tanaka",
            "Suzuki",
            "Takahashi",
            "Watanabe",
            "Yamamoto",
            "Nakamura",
            "Kobayashi",
            "Saito",
            "Matsumoto",
            "Inoue",
            "Kimura",
            "Hayashi",
            "Shimizu",
            "Mori",
        ),  # fmt: skip
        family_first=True,
        san=True,
    ),
    Culture(
        "korean",
        _given(
            "Min-jun m", "Seo-yeon f", "Ji-ho x", "Ha-eun f", "Do-yoon m", "Soo-ah f", "Jae-won m"
        ),  # fmt: skip
        ("Kim", "Choi", "Jung", "Kang", "Yoon", "Han", "Seo", "Shin"),
        family_first=True,
    ),
    Culture(
        "vietnamese",
        _given("Linh f", "Minh m", "Thảo f", "Quang m", "Hương f", "Anh x", "Đức m"),
        ("Nguyễn", "Trần", "Phạm", "Hoàng", "Võ", "Đặng", "Bùi"),
        family_first=True,
    ),
    Culture(
        "hungarian",
        _given("Ádám m", "Zsófia f Zsófi", "Bence m", "Réka f", "Gergő m", "Eszter f"),
        ("Nagy", "Kovács", "Szabó", "Tóth", "Horváth", "Varga", "Molnár", "Farkas"),
        family_first=True,
    ),
    Culture(
        "arabic",
        _given(
            "Omar m",
            "Layla f",
            "Youssef m",
            "Mariam f",
            "Karim m",
            "Nour f",
            "Hana f",
            "Tariq m",
            "Rania f",
            "Samir m",
        ),  # fmt: skip
        ("Haddad", "Khalil", "Mansour", "Nasser", "Saleh", "Farouk", "El-Amin", "Al-Masri"),
    ),
    Culture(
        "turkish",
        _given("Elif f", "Emre m", "Zeynep f", "Mehmet m", "Ayşe f", "Burak m", "Çağla f"),
        ("Yılmaz", "Demir", "Şahin", "Çelik", "Aydın", "Öztürk", "Kaya", "Arslan"),
    ),
    Culture(
        "persian",
        _given("Darius m", "Shirin f", "Arash m", "Leila f", "Kian m", "Parisa f"),
        ("Tehrani", "Rahimi", "Karimi", "Hosseini", "Farahani", "Moradi"),
    ),
    Culture(
        "hispanic",
        _given(
            "José m Pepe",
            "María f",
            "Lucía f",
            "Sofía f",
            "Mateo m",
            "Andrés m",
            "Inés f",
            "Ramón m",
            "Valentina f Vale",
            "Joaquín m",
            "Camila f",
            "Alejandro m Álex",
        ),  # fmt: skip
        (
            "Núñez",
            "García",
            "Martínez",
            "Rodríguez",
            "Hernández",
            "López",
            "Pérez",
            "Gómez",
            "Díaz",
            "Muñoz",
            "Jiménez",
            "Ortega",
            "Castillo",
            "Vargas",
            "Ibáñez",
        ),  # fmt: skip
    ),
    Culture(
        "portuguese",
        _given(
            "João m", "Conceição f", "Thiago m", "Beatriz f Bia", "Gonçalo m", "Luana f", "Caio m"
        ),  # fmt: skip
        (
            "Gonçalves",
            "Araújo",
            "Magalhães",
            "Fernandes",
            "Carvalho",
            "Ribeiro",
            "Sousa",
            "Monteiro",
        ),  # fmt: skip
    ),
    Culture(
        "french",
        _given(
            "Hélène f",
            "Benoît m",
            "Amélie f",
            "Théo m",
            "Élodie f",
            "François m",
            "Chloé f",
            "Loïc m",
            "Mathilde f",
            "Rémi m",
        ),  # fmt: skip
        (
            "Lefèvre",
            "Dubois",
            "Moreau",
            "Girard",
            "Rousseau",
            "Fontaine",
            "Mercier",
            "Lemaître",
            "Bérubé",
            "Gauthier",
        ),  # fmt: skip
    ),
    Culture(
        "german",
        _given(
            "Jürgen m",
            "Lena f",
            "Matthias m",
            "Anke f",
            "Lukas m",
            "Greta f",
            "Jörg m",
            "Franziska f Franzi",
        ),  # fmt: skip
        (
            "Müller",
            "Köhler",
            "Weiß",
            "Becker",
            "Krüger",
            "Wagner",
            "Zimmermann",
            "Vogel",
            "Brandt",
            "Fuchs",
        ),  # fmt: skip
    ),
    Culture(
        "polish",
        _given(
            "Łukasz m",
            "Agnieszka f",
            "Wojciech m Wojtek",
            "Małgorzata f Gosia",
            "Krzysztof m",
            "Zofia f",
        ),  # fmt: skip
        ("Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Zieliński", "Dąbrowski"),
    ),
    Culture(
        "nordic",
        _given(
            "Søren m", "Åsa f", "Ingrid f", "Bjørn m", "Astrid f", "Henrik m", "Sigrid f", "Lars m"
        ),  # fmt: skip
        (
            "Lindqvist",
            "Andersen",
            "Nilsen",
            "Bergström",
            "Halvorsen",
            "Dahl",
            "Sørensen",
            "Eriksson",
        ),  # fmt: skip
    ),
    Culture(
        "greek",
        _given("Eleni f", "Nikos m", "Dimitra f", "Yannis m", "Katerina f"),
        ("Papadopoulos", "Georgiou", "Konstantinou", "Alexiou", "Nikolaidis"),
    ),
    Culture(
        "slavic",
        _given(
            "Anastasia f Nastya",
            "Dmitri m Dima",
            "Olga f",
            "Mikhail m Misha",
            "Yekaterina f Katya",
            "Sergei m",
        ),  # fmt: skip
        ("Sokolov", "Kuznetsov", "Shevchenko", "Bondarenko", "Kovalenko", "Morozov"),
    ),
    Culture(
        "hebrew",
        _given("Noa f", "Yael f", "Eitan m", "Avi m", "Tamar f", "Ido m"),
        ("Mizrahi", "Friedman", "Shapiro", "Katz", "Ben-David", "Peretz"),
    ),
    Culture(
        "filipino",
        _given("Maricel f", "Jomar m", "Rizalina f Riza", "Paolo m", "Lorna f"),
        ("Santos", "Reyes", "Bautista", "Dela Cruz", "Villanueva", "Mendoza"),
    ),
    Culture(
        "indonesian",
        _given("Putri f", "Budi m", "Dewi f", "Agus m"),
        ("Wijaya", "Santoso", "Hidayat", "Kusuma", "Setiawan"),
    ),
)

#: Name suffixes a few English-culture people carry in their page title.
SUFFIXES: Final = ("Jr.", "Sr.", "III")

#: Honorifics by pronoun; "Dr." and "Prof." fit anyone.
HONORIFICS: Final[dict[Pronoun, tuple[str, ...]]] = {
    "she": ("Ms", "Ms.", "Mrs.", "Dr.", "Dr", "Prof."),
    "he": ("Mr", "Mr.", "Dr.", "Dr", "Prof."),
    "they": ("Dr.", "Dr", "Prof.", "Mx."),
}

#: Given names that are a real, different name close in spelling to a pool name: a turn naming
#: one of these (with a family name of its own) is about somebody else, never a misspelling.
NEAR_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "Grace": ("Gracie",), "Rose": ("Rosa", "Rosie"), "Mark": ("Marko", "Marco"),
    "Frank": ("Franco", "Frankie"), "Will": ("Willa",), "Max": ("Maxine",),
    "Robin": ("Robina",), "June": ("Juno",), "Joy": ("Joyce",),
    "Ivy": ("Iva",), "Olive": ("Olivia", "Oliver"), "Ruby": ("Rubina",),
    "Lukas": ("Lucas", "Luka"), "Lena": ("Lina", "Leni"), "Omar": ("Omer",),
    "Karim": ("Karima",), "Samir": ("Samira",), "Emre": ("Emra",), "Mateo": ("Matteo",),
    "Camila": ("Camille",), "Hana": ("Hanan",), "Priya": ("Priyanka",), "Rohan": ("Rohit",),
    "Kavya": ("Kavita",), "Lars": ("Lara",), "Henrik": ("Henrike",), "Greta": ("Gretchen",),
    "Paolo": ("Paola",), "Nikos": ("Nikolas",), "Eleni": ("Elena",), "Ingrid": ("Ingrida",),
    "Kenji": ("Kenta",), "Emi": ("Emiko",), "Yuki": ("Yukiko",), "Chidi": ("Chiddy",),
    "Kofi": ("Kojo",), "Wei": ("Weiwei",), "Ling": ("Lingling",), "Tamar": ("Tamara",),
}  # fmt: skip

#: Company stems that are ordinary words, then invented ones.
WORD_COMPANY_STEMS: Final[tuple[str, ...]] = (
    "Apple", "Signal", "Atlas", "Beacon", "Harbor", "Bridge", "Summit", "Anchor", "Compass",
    "Echo", "Harvest", "Maple", "Slate", "Tide", "Pioneer", "Vector", "Mosaic", "Pivot",
)  # fmt: skip
INVENTED_COMPANY_STEMS: Final[tuple[str, ...]] = (
    "Corvel", "Lumetra", "Brightfen", "Vossic", "Tandrel", "Quorvex", "Halvix", "Pyrelle",
    "Tessarine", "Veltrano", "Zephrix", "Bellwyn", "Dovetrix", "Frostvane", "Kelpworth",
    "Nimbrel", "Okavi", "Suvara", "Kintaro", "Adamant", "Nuvola", "Sabiq",
)  # fmt: skip
COMPANY_SUFFIXES: Final[tuple[str, ...]] = (
    "Labs", "Systems", "Robotics", "Health", "Analytics", "Bio", "Freight", "Foods",
    "Energy", "Software", "Networks", "Materials",
)  # fmt: skip

FUND_STEMS: Final[tuple[str, ...]] = (
    "Northfold", "Brassline", "Tidewell", "Greywarren", "Kiteridge", "Stonequill",
    "Cinderbay", "Dawnmarsh", "Foxhallow", "Ironvessel", "Lanternmoor", "Rushwater",
    "Lodestar", "Driftwood", "Bluefern", "Saffronhill",
)  # fmt: skip
FUND_SUFFIXES: Final[tuple[str, ...]] = ("Capital", "Ventures", "Partners")

#: Project codenames that are ordinary words, then invented ones.
WORD_CODENAMES: Final[tuple[str, ...]] = (
    "Pilot", "Spring", "Lantern", "Ledger", "Canvas", "Kite", "Cedar", "Otter", "North",
    "Bolt", "Phoenix", "Mercury",
)  # fmt: skip
INVENTED_CODENAMES: Final[tuple[str, ...]] = (
    "Quillon", "Vesperine", "Tarnwick", "Oberlyn", "Sillvane", "Korrowen", "Pemberlin",
    "Zirconelle", "Halyndra", "Nivarenth", "Kaelith", "Dravenna",
)  # fmt: skip


def word_names() -> tuple[str, ...]:
    """Every pool name that is also an ordinary word, place or month, in pool order."""
    return (
        *(g.name for g in WORD_GIVEN), *WORD_FAMILY, *WORD_COMPANY_STEMS, *WORD_CODENAMES,
    )  # fmt: skip

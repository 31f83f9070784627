"""Page import: frontmatter, unknown keys, derived titles, alias index rows."""

from __future__ import annotations

import pytest
from bb_brain import BrainUserError
from bb_brain._described import DESCRIBED_ARM
from bb_brain.pages import normalise, parse_page, slug_suffix_form, title_from_slug


def test_frontmatter_fields_and_unknown_keys() -> None:
    content = (
        "---\ntitle: Alice Example\ntype: person\naliases: [alice, 'Al E.']\n"
        "summary: Founder.\nmet: 2026-03-02\nteam: {role: founder}\n---\n\nBody text.\n"
    )
    rec = parse_page("people/alice-example", content, "default")
    assert (rec.title, rec.page_type, rec.summary) == ("Alice Example", "person", "Founder.")
    assert rec.aliases == ("alice", "Al E.")
    assert rec.frontmatter == {"met": "2026-03-02", "team": {"role": "founder"}}
    assert rec.body == "\nBody text.\n"


def test_page_without_frontmatter_gets_title_from_slug() -> None:
    rec = parse_page("companies/widget-co", "Just a body.\n", "teambrain")
    assert rec.title == "Widget Co" and rec.body == "Just a body.\n" and rec.source == "teambrain"
    assert rec.frontmatter == {} and rec.page_type is None


def test_alias_rows_cover_every_arm() -> None:
    rec = parse_page(
        "people/alice-example", "---\ntitle: Alice Example\naliases: [Ally!]\n---\n", "s"
    )
    assert rec.alias_rows() == [
        ("ally", "alias"),
        ("alice example", "title"),
        ("alice example", "slug-suffix"),
        ("example alice", "name-form"),
        ("ally example", "name-form"),
        ("example ally", "name-form"),
        ("example", "surname"),
        ("alice", "given-name"),
        ("e", "family-initial"),
    ]
    titled = parse_page("people/x", "---\ntitle: Prof. Ana de la Cruz\ntype: person\n---\n", "s")
    assert ("ana de la cruz", "name-form") in titled.alias_rows()
    assert ("de la cruz", "name-form") in titled.alias_rows()
    assert ("cruz", "surname") in titled.alias_rows()


def test_an_alias_that_is_the_family_name_is_no_nickname() -> None:
    # called by the name that ends the title: no "<alias> <family>" doubling
    rec = parse_page("people/lo-van-khai", "---\ntitle: Lo Van Khai\naliases: [Khai]\n---\n", "s")
    assert ("khai khai", "name-form") not in rec.alias_rows()
    assert ("khai", "alias") in rec.alias_rows() and ("khai", "surname") in rec.alias_rows()


def test_surname_only_for_people() -> None:
    company = parse_page("companies/widget-co", "---\ntitle: Widget Co\n---\n", "s")
    # no surname or given name; the slug also written as one word, as in an address; the
    # title without its business ending
    assert [row for row in company.alias_rows() if row[1] != DESCRIBED_ARM] == [
        ("widget co", "title"),
        ("widget co", "slug-suffix"),
        ("widgetco", "slug-suffix"),
        ("widget", "short-name"),
    ]
    assert ("widget outfit", DESCRIBED_ARM) in company.alias_rows()  # "the widget people"
    typed = parse_page("contacts/dana", "---\ntitle: Dana Pruitt\ntype: person\n---\n", "s")
    assert ("pruitt", "surname") in typed.alias_rows()


@pytest.mark.parametrize(
    ("slug", "title", "short"),
    [
        ("companies/shale-fund", "Shale Fund", "shale"),
        ("companies/gantry-co", "Gantry & Co", "gantry"),
        ("companies/the-satchel-bakery", "The Satchel Bakery", "satchel"),
        ("orgs/second-wind-rescue", "Second Wind Rescue", "second wind"),
        ("companies/kestow-hire", "Kestow Hire", "kestow"),  # a trade's ending
        ("companies/pale-ridge-windows", "Pale Ridge Windows", "pale ridge"),
        ("companies/old-granary", "Old Granary", None),  # a thing described, no ending
        ("companies/quayhead-surfaces", "Quayhead Surfaces", "quayhead"),  # its trade's noun
        ("companies/brackenhill-sports", "Brackenhill Sports", "brackenhill"),  # "sports" too
        ("companies/tollard-cider", "Tollard Cider", "tollard"),  # what it makes
        ("companies/tarn-ollerton-cider", "Tarn & Ollerton Cider", "tarn & ollerton"),
        ("companies/little-gallery", "Little Gallery", None),  # a thing described
        ("companies/bread-and-butter", "Bread & Butter", None),  # both words are the name
        ("companies/pizza-hut", "Pizza Hut", None),  # a singular noun is part of the name
        ("companies/labs", "Labs", None),  # nothing but the ending
        ("projects/shale-fund", "Shale Fund", None),  # no organisation
        ("organizations/marsh-end-pta", "Marsh End PTA", "pta"),  # the acronym it closes on
        ("organizations/tollard-road-rfc", "Tollard Road RFC", "rfc"),
        ("organizations/pta", "PTA", None),  # nothing but the acronym
        ("companies/sennock-group-uk", "Sennock Group UK", "sennock"),  # its coined name, not "uk"
        ("companies/velmont-support-it", "Velmont Support IT", "velmont"),  # not "it"
        ("organizations/nhs-quarry-trust", "NHS Quarry Trust", "nhs quarry"),  # trade word
        ("projects/marsh-end-pta", "Marsh End PTA", None),  # no organisation
        ("companies/toller-sons", "Toller & Sons", "toller"),  # a family firm's ending
        ("companies/wrexley-daughters", "Wrexley and Daughters", "wrexley"),
        ("companies/quell-daughters-joinery", "Quell & Daughters Joinery", "quell"),
        # a trade written as one word of two
        ("companies/quell-boatbuilders", "Quell & Daughters Boatbuilders", "quell"),
        ("companies/ardlow-shopfitters", "Ardlow Shopfitters", "ardlow"),
        ("companies/sons-and-daughters", "Sons & Daughters", None),  # a name of its own
    ],
)
def test_an_organisation_s_short_name(slug: str, title: str, short: str | None) -> None:
    rows = parse_page(slug, f"---\ntitle: {title}\n---\n", "s").alias_rows()
    found = [alias for alias, arm in rows if arm == "short-name"]
    assert found == ([short] if short else [])


@pytest.mark.parametrize(
    ("slug", "title", "short"),
    [
        ("concepts/qvm-protocol", "QVM protocol", "qvm"),  # what its people call it
        ("projects/zelt-rollout", "ZELT rollout plan", "zelt"),
        ("concepts/uk-tax-rules", "UK tax rules", None),  # a word everyone uses
        ("concepts/qvm-zelt-bridge", "QVM ZELT bridge", None),  # which acronym is unclear
        ("concepts/qvm-big-long-name", "QVM and the long way round", None),  # a name of its own
        ("people/qvm-jones", "QVM Jones", None),  # no person's
    ],
)
def test_a_short_title_goes_by_the_acronym_it_opens_with(
    slug: str, title: str, short: str | None
) -> None:
    rows = parse_page(slug, f"---\ntitle: {title}\n---\n", "s").alias_rows()
    found = [alias for alias, arm in rows if arm == "short-name"]
    assert found == ([short] if short else [])


@pytest.mark.parametrize(
    ("slug", "title", "short"),
    [
        ("companies/corvenna-analytics", "Corvenna Analytics", "corvenna"),
        ("companies/orvasse-energy", "Orvasse Energy", "orvasse"),
        ("places/skelbrant-pike", "Skelbrant Pike", "skelbrant"),
        ("companies/quillory-hillside-garden", "Quillory Hillside Garden", "quillory"),
        ("venues/ardwyn-hall-2", "Ardwyn Assembly Rooms 2", "ardwyn"),
        ("projects/ardwyn-relay-2027", "Ardwyn Relay 2027", "ardwyn"),
        ("concepts/ardwyn-method", "Ardwyn Method", None),  # an idea is named whole
        ("projects/community-ulvenfest", "Community Ulvenfest", "ulvenfest"),
        ("places/lower-quillory-farm", "Lower Quillory Farm", "quillory"),
        ("projects/ulvenfest-at-quillory", "Ulvenfest at Quillory", None),  # which is unclear
        ("companies/harrow-analytics", "Harrow Analytics", None),  # a word with its own sense
        ("companies/sophia-analytics", "Sophia Analytics", None),  # a given name people use
        ("places/ardwyn-pellow-green", "Ardwyn Pellow Green", "ardwyn pellow"),
        ("places/ardwyn-old-pellow", "Ardwyn Old Pellow", None),  # the name runs on
        ("companies/corvenna", "Corvenna", None),  # nothing follows it
        ("companies/zq-analytics", "ZQ Analytics", None),  # too short to be a coined name
        ("people/corvenna-smith", "Corvenna Smith", None),  # a person has other forms
        # a pastime's "-ing" word, made of a listed one: no coined name
        ("projects/bouldering-ladder", "Bouldering Ladder", None),
        ("projects/tollmere-bouldering-relay", "Tollmere Bouldering Relay", "tollmere"),
    ],
)
def test_a_title_goes_by_the_coined_name_in_it(slug: str, title: str, short: str | None) -> None:
    rows = parse_page(slug, f"---\ntitle: {title}\n---\n", "s").alias_rows()
    found = [alias for alias, arm in rows if arm in ("short-name", "coined-name")]
    assert found == ([short] if short else [])


@pytest.mark.parametrize(
    ("slug", "title", "short"),
    [
        ("places/wendlecombe-hall", "Wendlecombe Hall", "wendlecombe"),
        ("places/st-aldwyn-s-hall", "St Aldwyn's Hall", "st aldwyn's"),
        ("projects/marrowdene-regatta", "Marrowdene Regatta", "marrowdene"),
        ("projects/summer-fair", "Summer Fair", None),  # a word people use: no name of its own
        ("projects/roof-appeal", "Roof Appeal", None),
        ("projects/kayak-trip", "Kayak Trip", None),
        ("concepts/quorvale-series", "Quorvale Series", None),  # no place, project or event
        ("places/old-mill", "Old Mill", None),  # a thing described: that is its name
        ("projects/highland-tour", "Highland Tour", None),
        ("concepts/error-budget", "Error Budget", None),  # no kind of place or event
        ("places/the-hall", "The Hall", None),  # nothing but the kind
        ("events/quennell-ashby-wedding", "Quennell-Ashby Wedding", "quennell-ashby"),
        ("events/kilbride-reunion", "Kilbride Reunion", "kilbride"),
        ("events/anna-s-wedding", "Anna's Wedding", None),  # the celebrant keeps her name
    ],
)
def test_a_place_s_or_an_event_s_short_name(slug: str, title: str, short: str | None) -> None:
    rows = parse_page(slug, f"---\ntitle: {title}\n---\n", "s").alias_rows()
    found = [alias for alias, arm in rows if arm == "short-name"]
    # a hyphenated one is filed typed with a space as well ("quennell ashby")
    found = [
        alias
        for alias in found
        if alias.replace(" ", "-") == alias or alias.replace(" ", "-") not in found
    ]
    assert found == ([short] if short else [])


@pytest.mark.parametrize(
    ("title", "indexed"),
    [
        ("Pickle (dog)", "pickle"),  # what it is, in parentheses: nobody types it
        ("Brisvane (band)", "brisvane"),
        ("The Tempest (spring tour)", "the tempest"),
        ("Plan (A) B", "plan (a) b"),  # not a qualifier at the end
        ("(draft)", "draft"),  # nothing but the parentheses
    ],
)
def test_a_title_s_qualifier_in_parentheses_is_not_indexed(title: str, indexed: str) -> None:
    rows = parse_page("concepts/x", f'---\ntitle: "{title}"\n---\n', "s").alias_rows()
    assert [alias for alias, arm in rows if arm == "title"] == [indexed]


def test_a_qualifier_is_no_part_of_a_person_s_name_forms_or_a_short_name() -> None:
    person = parse_page("people/dana-vrell", "---\ntitle: Dana Vrell (accountant)\n---\n", "s")
    assert ("vrell", "surname") in person.alias_rows()
    hall = parse_page("places/wendlecombe-hall", "---\ntitle: Wendlecombe Hall (venue)\n---\n", "s")
    assert ("wendlecombe", "short-name") in hall.alias_rows()


@pytest.mark.parametrize(
    ("title", "also"),
    [
        ("Liz Tarn (née Gould)", "gould"),
        ("Mum (Jean Ross)", "jean ross"),
        ("Pickle (Dog)", None),  # a kind of thing, capitalised
        ("Ann Lee (née Rose)", None),  # a dictionary word: not offered alone
        ("Slow Lantern (EP)", None),  # an abbreviation of a kind
    ],
)
def test_a_name_in_a_title_s_qualifier_is_an_alias(title: str, also: str | None) -> None:
    rows = parse_page("people/x", f'---\ntitle: "{title}"\ntype: person\n---\n', "s")
    assert [alias for alias, arm in rows.alias_rows() if arm == "alias"] == ([also] if also else [])


def test_a_firm_filed_as_a_place_keeps_its_firm_s_short_name() -> None:
    hotel = parse_page(
        "places/quorbury-hotel", "---\ntitle: Quorbury Hotel\ntype: company\n---\n", "s"
    )
    assert ("quorbury", "short-name") in hotel.alias_rows()


def test_conversation_pages_are_not_indexed() -> None:
    by_slug = parse_page("conversations/s1", "---\ntitle: Call\n---\n", "s")
    by_type = parse_page("notes/call", "---\ntitle: Call\ntype: conversation\n---\n", "s")
    assert by_slug.alias_rows() == [] and by_type.alias_rows() == []


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("---\ntitle: Bad\n  nested: [unclosed\n---\n", "line 3"),
        ("---\n- a\n- b\n---\n", "must be a mapping"),
        ("---\ntitle: {a: 1}\n---\n", "'title' must be text"),
        ("---\naliases: {a: 1}\n---\n", "'aliases' must be a list"),
    ],
)
def test_bad_frontmatter_names_the_slug(content: str, fragment: str) -> None:
    with pytest.raises(BrainUserError, match="people/bad") as info:
        parse_page("people/bad", content, "default")
    assert fragment in info.value.message


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        ("summary: Codename Apple: replacing tills", "summary", "Codename Apple: replacing tills"),
        ("aliases: [apple, 'big apple']\nsummary: Apple: x", "aliases", ["apple", "big apple"]),
        ("aliases: [a: b, apple, x: y: z]", "aliases", ["a: b", "apple", "x: y: z"]),
        ("title: [unclosed", "title", "[unclosed"),
    ],
)  # fmt: skip
def test_frontmatter_yaml_cannot_read_is_read_line_by_line(
    line: str, key: str, value: object
) -> None:
    content = f"---\ntitle: Widget Co\ntype: company\n{line}\n---\nBody.\n"
    page = parse_page("companies/widget-co", content, "default")
    fields = {"summary": page.summary, "aliases": list(page.aliases), "title": page.title}
    assert fields[key] == value
    assert page.page_type == "company" and page.body == "Body.\n"


@pytest.mark.parametrize("slug", ["../../x", "/etc/passwd", "a//b", "a b", "people/.hidden", ""])
def test_a_slug_outside_the_grammar_is_refused(slug: str) -> None:
    with pytest.raises(BrainUserError, match="slug"):
        parse_page(slug, "---\ntitle: X\n---\n", "default")


def test_normalise() -> None:
    assert normalise("  Widget   Co. ") == "widget co"
    assert normalise("«Alice»") == "alice"
    assert normalise("the Weavers' Hall") == "the weavers hall"  # as text's words lose it
    assert normalise("Weavers’ Hall") == "weavers hall"
    assert normalise("O'Brien") == "o'brien"
    assert slug_suffix_form("companies/widget-co") == "widget co"
    assert title_from_slug("people/alice-example") == "Alice Example"


@pytest.mark.parametrize(
    ("slug", "title", "parts"),
    [
        (
            "projects/grisedale-sea-wall",
            "Grisedale Sea Wall Repair",
            [
                "grisedale sea wall",
                "sea wall repair",
                "grisedale sea",
                "sea wall",
                "wall repair",
                "grisedale repair",  # its name and its head: "the Grisedale repair"
            ],
        ),
        ("events/quenby-gala-2027", "Quenby Gala 2027", ["quenby gala"]),  # its year goes
        (
            "projects/blanket-for-nan",
            "Crochet Blanket for Nan",
            ["blanket for nan", "crochet blanket"],
        ),
        ("projects/summer-fair", "Summer Fair", []),  # the whole title is no part of it
        (
            "events/national-schools-final",
            "National Schools Final",
            ["national schools", "schools final"],
        ),  # no name of its own: no "national final"
        # a feast or an acronym names no one event: anyone's "Christmas lunch"
        ("events/xmas-lunch", "Christmas Family Lunch", ["christmas family", "family lunch"]),
        ("events/nhs-check", "NHS Health Check", ["nhs health", "health check"]),
        # a head a place has of its own: "the Tarnwick school" is the town's
        ("orgs/tarnwick-forest", "Tarnwick Forest School", ["tarnwick forest", "forest school"]),
        # a head that is a verb too: "Ossian plans to retire" is no part of it
        ("projects/ossian-plans", "Ossian Wedding Plans", ["ossian wedding", "wedding plans"]),
        ("people/sea-wall", "Sea Wall Repair", []),  # a person's name is no title of parts
        (
            "places/grisedale-sea-wall",
            "Grisedale Sea Wall",
            ["grisedale sea", "sea wall", "grisedale wall"],
        ),
        (
            "companies/quenby-tile-supply",
            "Quenby Tile Supply",
            ["quenby tile", "tile supply", "quenby supply"],
        ),
        ("companies/tarn-and-vell", "Tarn & Vell Joinery", ["tarn & vell"]),  # "&" binds
        ("projects/loft-refit", "Loft Refit - Phase 2", ["loft refit"]),  # a mark divides
        (
            "events/quenby-ravelock-lane",
            "Quenby Ravelock Lane Fair",
            ["ravelock lane fair", "quenby ravelock", "lane fair", "quenby fair", "ravelock fair"],
        ),  # no street alone
        ("events/trip-to-leeds-2027", "Trip to Leeds 2027", []),  # nor a known place
    ],
)
def test_the_parts_of_a_title_that_is_no_person_s(slug: str, title: str, parts: list[str]) -> None:
    rows = parse_page(slug, f"---\ntitle: {title}\n---\n", "s").alias_rows()
    assert [alias for alias, arm in rows if arm == "title-part"] == parts


def test_an_alias_in_the_possessive_is_looked_up_without_it() -> None:
    """A word of text loses its "'s": "Barrow's quote" looks up "barrow"."""
    content = '---\ntitle: Quell Boatyard\ntype: company\naliases: ["Quell\'s", "women\'s"]\n---\n'
    rows = parse_page("companies/quell-boatyard", content, "s").alias_rows()
    assert [alias for alias, arm in rows if arm == "alias"] == ["quell's", "women's"]
    assert [alias for alias, arm in rows if arm == "possessive-name"] == ["quell"]


@pytest.mark.parametrize(
    ("title", "aliases", "short"),
    [
        ("9 Quiller Street repointing", "[Quiller Street]", "quiller st"),  # the alias, short
        ("Ropewalk Road Depot", "[]", "ropewalk rd depot"),  # the title, short
        ("St Anselm's", "[]", None),  # a saint's, not a street's
    ],
)
def test_a_street_s_word_is_written_short_too(title: str, aliases: str, short: str | None) -> None:
    content = f"---\ntitle: {title}\ntype: project\naliases: {aliases}\n---\n"
    found = {alias for alias, _ in parse_page("projects/x", content, "s").alias_rows()}
    if short is None:
        assert not [alias for alias in found if alias.split()[-1] in ("st", "rd", "ave")]
    else:
        assert short in found

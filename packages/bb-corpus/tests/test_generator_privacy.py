"""The corpus is synthetic: no real public figure, dates inside 2024-2026, amounts as $X."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bb_corpus.generator import _pools as pools

REPO = Path(__file__).resolve().parents[3]
EVALS = REPO / "evals" / "brainbench"

#: Real public figures (executives, politicians, celebrities): none may appear in the corpus.
PUBLIC_FIGURES = (
    "Elon Musk", "Jeff Bezos", "Tim Cook", "Satya Nadella", "Sundar Pichai", "Mark Zuckerberg",
    "Sam Altman", "Jensen Huang", "Lisa Su", "Bill Gates", "Steve Jobs", "Larry Page",
    "Sergey Brin", "Sheryl Sandberg", "Marissa Mayer", "Susan Wojcicki", "Jack Dorsey",
    "Reed Hastings", "Brian Chesky", "Travis Kalanick", "Dara Khosrowshahi", "Andy Jassy",
    "Mary Barra", "Jamie Dimon", "Warren Buffett", "Charlie Munger", "Larry Fink",
    "Ginni Rometty", "Arvind Krishna", "Safra Catz", "Larry Ellison", "Michael Dell",
    "Marc Benioff", "Parag Agrawal", "Linda Yaccarino", "Peter Thiel", "Marc Andreessen",
    "Reid Hoffman", "Garry Tan", "Paul Graham", "Jessica Livingston", "Vinod Khosla",
    "Masayoshi Son", "Jack Ma", "Pony Ma", "Daniel Ek", "Patrick Collison", "John Collison",
    "Drew Houston", "Stewart Butterfield", "Evan Spiegel", "Whitney Wolfe Herd", "Tony Xu",
    "Joe Biden", "Donald Trump", "Barack Obama", "Kamala Harris", "Hillary Clinton",
    "Bernie Sanders", "Nancy Pelosi", "Mitch McConnell", "Ron DeSantis", "Gavin Newsom",
    "Emmanuel Macron", "Angela Merkel", "Olaf Scholz", "Rishi Sunak", "Keir Starmer",
    "Boris Johnson", "Justin Trudeau", "Narendra Modi", "Xi Jinping", "Vladimir Putin",
    "Volodymyr Zelensky", "Jacinda Ardern", "Giorgia Meloni", "Pedro Sanchez",
    "Taylor Swift", "Beyonce Knowles", "Oprah Winfrey", "Kim Kardashian", "Kanye West",
    "Rihanna Fenty", "Lady Gaga", "Tom Hanks", "Leonardo DiCaprio", "Brad Pitt",
    "Angelina Jolie", "Meryl Streep", "Denzel Washington", "Scarlett Johansson",
    "Dwayne Johnson", "Keanu Reeves", "Zendaya Coleman", "Serena Williams", "LeBron James",
    "Cristiano Ronaldo", "Lionel Messi", "Roger Federer", "Simone Biles", "Tiger Woods",
    "Ed Sheeran", "Billie Eilish", "Harry Styles", "Adele Adkins", "Dolly Parton",
)  # fmt: skip


def corpus_texts() -> list[tuple[str, str]]:
    out = []
    for kind in ("fixtures", "gold"):
        for path in sorted((EVALS / kind).rglob("*.json")):
            out.append((path.relative_to(EVALS).as_posix(), path.read_text(encoding="utf-8")))
    out.append(("_ledger.json", (EVALS / "_ledger.json").read_text(encoding="utf-8")))
    return out


def test_the_list_is_long_enough_to_mean_something() -> None:
    assert len(set(PUBLIC_FIGURES)) >= 100


def test_no_real_public_figure_appears_in_the_corpus() -> None:
    texts = corpus_texts()
    assert len(texts) > 600
    for name, text in texts:
        lowered = text.lower()
        for figure in PUBLIC_FIGURES:
            assert figure.lower() not in lowered, (name, figure)


def test_no_pool_name_is_a_public_figure_name() -> None:
    surnames = {figure.split()[-1].lower() for figure in PUBLIC_FIGURES}
    firsts = {figure.split()[0].lower() for figure in PUBLIC_FIGURES}
    assert not surnames & {s.lower() for s in pools.SURNAMES}
    assert not firsts & {f.lower() for f in pools.FIRST_NAMES}
    stems = {*pools.COMPANY_STEMS, *pools.FUND_STEMS, *pools.PROJECT_CODENAMES}
    assert not surnames & {s.lower() for s in stems}


def test_pool_names_are_unique_across_pools() -> None:
    every = [
        *pools.FIRST_NAMES, *pools.SURNAMES, *pools.COMPANY_STEMS, *pools.FUND_STEMS,
        *pools.PROJECT_CODENAMES, *pools.COMMON_WORD_CODENAMES,
    ]  # fmt: skip
    lowered = [name.lower() for name in every]
    assert len(lowered) == len(set(lowered))


def test_every_date_and_year_is_within_2024_to_2026() -> None:
    years = 0
    for name, text in corpus_texts():
        if name == "_ledger.json":
            continue
        for match in re.finditer(r"(?<![0-9a-f])(\d{4})-(\d{2})-(\d{2})", text):
            years += 1
            assert 2024 <= int(match.group(1)) <= 2026, (name, match.group(0))
            assert 1 <= int(match.group(2)) <= 12 and 1 <= int(match.group(3)) <= 31
        for match in re.finditer(r"\b(1[89]\d{2}|20\d{2})\b", text):
            assert 2024 <= int(match.group(1)) <= 2026, (name, match.group(0))
    assert years > 500


@pytest.mark.parametrize("pattern", [r"\$(?!X\b)", r"\d\s*(?:k|m|bn|million|billion|thousand)\b"])
def test_amounts_are_written_as_dollar_x(pattern: str) -> None:
    dollars = 0
    for name, text in corpus_texts():
        dollars += text.count("$X")
        assert re.search(pattern, text, flags=re.IGNORECASE) is None, name
    assert dollars > 20

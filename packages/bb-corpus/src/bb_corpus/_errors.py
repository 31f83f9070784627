"""The bb_corpus exception hierarchy: corpus mistakes the author can fix vs corpus faults.

A corpus is validated as a whole: every problem in every file is collected into one
:class:`CorpusValidationError`, so an author fixes a batch of mistakes per run instead of
one per run, and the list is sorted so two runs over the same files print the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: The JSON path of a whole document.
ROOT = "$"


@dataclass(frozen=True, order=True)
class CorpusIssue:
    """One problem in one corpus file.

    Attributes:
        file: The offending file (or directory) as the user named it: the directory argument
            joined with the file's path inside it, so the user can open it directly.
        path: Where in the document, as a JSON path such as ``turns[2].ts`` (``$`` is the
            whole document).
        message: What is wrong and what was expected instead.
    """

    file: str
    path: str
    message: str

    def render(self) -> str:
        """The one-line form ``file: json.path: message`` that the CLI prints."""
        return f"{self.file}: {self.path}: {self.message}"

    def as_dict(self) -> dict[str, str]:
        """The JSON form used in ``--json`` error envelopes."""
        return {"file": self.file, "path": self.path, "message": self.message}


class CorpusError(Exception):
    """Root of every error bb_corpus raises; carries a human ``message``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CorpusUserError(CorpusError):
    """The corpus or a request about it is wrong: the author or caller can fix it."""


class CorpusValidationError(CorpusUserError):
    """The corpus on disk is invalid; ``issues`` lists every problem, sorted and deduplicated."""

    def __init__(self, issues: Iterable[CorpusIssue]) -> None:
        self.issues: tuple[CorpusIssue, ...] = tuple(sorted(set(issues)))
        count = len(self.issues)
        noun = "error" if count == 1 else "errors"
        #: One line for envelopes and logs; ``message`` adds one line per issue.
        self.summary = f"corpus is invalid ({count} {noun}); fix these and run validate again"
        lines = [f"{self.summary}:", *(issue.render() for issue in self.issues)]
        super().__init__("\n".join(lines))


class UnknownFixtureError(CorpusUserError, KeyError):
    """A fixture id asked for is not in the loaded corpus."""

    def __init__(self, fixture_id: str, known: Iterable[str]) -> None:
        names = sorted(known)
        hint = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        super().__init__(
            f"no fixture {fixture_id!r} in this corpus; known ids include: {hint or '(none)'}"
        )

    def __str__(self) -> str:
        # KeyError's __str__ would wrap the message in quotes.
        return self.message


class CorpusRuntimeError(CorpusError):
    """Reading the corpus failed for a reason the corpus itself is not to blame for."""

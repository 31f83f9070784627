"""The GitHub-issue connector: an issue payload (file, or a local fake server) -> external page.

Accepts a REST issue object (``{number, title, body, user: {login}, html_url, ...}``) or an
``issues`` webhook event (``{action, issue: {...}, repository: {full_name}}``), optionally with
``comments: [{body, user: {login}}]``. Everything in it is external content: stored at
external_untrusted (or held in quarantine), whatever it says about itself. Fetching is for
loopback URLs only: the connector never reaches the network.
"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bb_brain._errors import BrainUserError

_LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_SLUG_PART = re.compile(r"[^a-z0-9]+")


class _User(BaseModel):
    model_config = ConfigDict(extra="ignore")
    login: str = "unknown"


class _Comment(BaseModel):
    model_config = ConfigDict(extra="ignore")
    body: str | None = ""
    user: _User = Field(default_factory=_User)
    created_at: str | None = None


class Issue(BaseModel):
    """The part of a GitHub issue the connector reads."""

    model_config = ConfigDict(extra="ignore")
    number: int
    title: str
    body: str | None = ""
    user: _User = Field(default_factory=_User)
    html_url: str | None = None
    created_at: str | None = None
    repository: str = "unknown/unknown"
    comments: list[_Comment] = Field(default_factory=list)


def parse_payload(payload: dict[str, Any]) -> Issue:
    """An Issue from a REST issue object or an ``issues`` webhook event.

    Raises:
        BrainUserError: The payload is not an issue (the message names the missing field).
    """
    data = dict(payload)
    if isinstance(data.get("issue"), dict):  # webhook event
        repo = data.get("repository") or {}
        data = {**data["issue"], "repository": repo.get("full_name", "unknown/unknown"),
                "comments": data.get("comments", [])}  # fmt: skip
    elif "repository" not in data or not isinstance(data.get("repository"), str):
        url = str(data.get("repository_url") or data.get("html_url") or "")
        match = re.search(r"(?:repos/|github\.com/)([^/]+/[^/]+)", url)
        data["repository"] = match.group(1) if match else "unknown/unknown"
    if not isinstance(data.get("comments"), list):
        data["comments"] = []  # REST issues carry a comment COUNT here
    try:
        return Issue.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise BrainUserError(
            f"GitHub payload field {field!r}: {first['msg']}; pass a REST issue object or an "
            "'issues' webhook event"
        ) from None


def page_slug(issue: Issue) -> str:
    """``external/github/<owner>-<repo>-<number>``."""
    repo = _SLUG_PART.sub("-", issue.repository.lower()).strip("-") or "unknown"
    return f"external/github/{repo}-{issue.number}"


def page_markdown(issue: Issue) -> str:
    """The external page's markdown (frontmatter + body), built from the payload alone."""
    title = " ".join(f"{issue.repository}#{issue.number}: {issue.title}".split())
    meta = {
        "title": title,
        "type": "external",
        "summary": f"GitHub issue opened by @{issue.user.login}",
        "url": issue.html_url,
    }
    head = "---\n" + "".join(f"{k}: {json.dumps(v)}\n" for k, v in meta.items() if v) + "---\n"
    parts = [f"# {title}", "", (issue.body or "").strip()]
    if issue.created_at:
        parts += ["", "## Timeline", f"- {issue.created_at[:10]}: opened by @{issue.user.login}"]
    if issue.comments:
        parts += ["", "## Comments"]
        parts += [f"- @{c.user.login}: {' '.join((c.body or '').split())}" for c in issue.comments]
    return head + "\n".join(parts).rstrip() + "\n"


def load_payload(*, path: Path | None = None, url: str | None = None) -> dict[str, Any]:
    """Read a payload from a file, or from a loopback URL (a local fake server).

    Raises:
        BrainUserError: Unreadable file, non-loopback URL, or not a JSON object.
    """
    if (path is None) == (url is None):
        raise BrainUserError("give exactly one of --payload FILE or --url URL")
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise BrainUserError(f"cannot read payload {str(path)!r}: {exc.strerror}") from exc
        where = str(path)
    else:
        assert url is not None
        host = urllib.parse.urlsplit(url).hostname or ""
        if host not in _LOOPBACK:
            raise BrainUserError(
                f"url {url!r} is not a loopback address; the connector never reaches the "
                "network: save the payload to a file or serve it on 127.0.0.1"
            )
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                text = response.read().decode("utf-8")
        except OSError as exc:
            raise BrainUserError(f"cannot fetch {url!r}: {exc}") from exc
        where = url
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BrainUserError(
            f"payload {where!r} is not JSON: {exc.msg} (line {exc.lineno})"
        ) from exc
    if not isinstance(loaded, dict):
        raise BrainUserError(f"payload {where!r} must be a JSON object (an issue or an event)")
    return loaded

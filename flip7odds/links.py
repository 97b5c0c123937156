"""A table in a link: `Table` <-> URL query parameters, so that a link reproduces a situation.

Parameters (all optional; unknown ones are ignored, so a link may carry other parameters too):

* ``rules``: a name of `flip7odds.rules.RULESETS` (default ``classic``);
* ``line``: your line, in the order the cards came;
* ``seen``: the cards seen elsewhere this round;
* ``discards``: the discard pile since the last reshuffle;
* ``others``: how many other players are still active (default 1; 0 means you are alone).

Every page of the app reads its link through `read_link` (see "Every page's link" below); this
table codec is the live page's. A page's whole use of it::

    link = read_link("simulate", st.query_params.to_dict(), current_rules())
    for problem in link.problems:
        st.warning(problem.markdown(t))          # escaped: the link's text is never markup
    trials, policy = link.whole("n"), link.text("policy")
    ...
    set_page_parameters(write_link(link.page, {"n": trials, "policy": policy}))

Card lists use the card notation of `flip7odds.cards` with ``.`` between cards and ``p`` for ``+``
(``12.7.p4.x2.sc``), because ``+`` means a space in a query string. Reading also accepts ``+4``,
spaces, commas and ``12*3``, so a hand-written link works too.

Examples
--------
>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.shoe import Table
>>> table = Table.build(CLASSIC, parse_cards("12 7 +4"), seen=parse_cards("12 12"), others_active=2)
>>> encode(table)
{'rules': 'classic', 'line': '12.7.p4', 'seen': '12.12', 'others': '2'}
>>> decode(encode(table)) == table
True
>>> decode({"line": "12.7.zz"})
Traceback (most recent call last):
...
flip7odds.errors.CardError: in the link's line: unknown card 'zz': use 0-12, +2 +4 +6 +8 +10, x2, freeze, flip3 or sc
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from flip7odds.cards import Card, Notation, parse_cards
from flip7odds.documents import DOCUMENTS as DOCUMENT_TITLES
from flip7odds.errors import CardError, Flip7Error, SituationError
from flip7odds.i18n import ENGLISH, LANGUAGES, N_
from flip7odds.markup import escape_markdown
from flip7odds.number_text import NumberTextError, parse_whole
from flip7odds.rules import ALL_RULESETS, CLASSIC, RuleSet, find_rules
from flip7odds.shoe import MAX_OTHERS_ACTIVE, Table

RULES = "rules"
LINE = "line"
SEEN = "seen"
DISCARDS = "discards"
OTHERS = "others"
PARAMETERS = (RULES, LINE, SEEN, DISCARDS, OTHERS)
"""Every query parameter a table uses, in the order they are written."""

DEFAULT_OTHERS = 1

_SEPARATOR = "."
_PLUS_ALIAS = re.compile(r"^p(?=\d)", re.IGNORECASE)


def write_cards(cards: Iterable[Card]) -> str:
    """Cards in the link notation: ``.`` between cards, ``p`` for ``+`` (only URL-safe characters).

    >>> write_cards(parse_cards("12 +4 x2 flip3"))
    '12.p4.x2.flip3'
    """
    return _SEPARATOR.join(str(card).replace("+", "p") for card in cards)


def read_cards(text: str, notation: Notation | None = None) -> tuple[Card, ...]:
    """Read a card list of a link: `write_cards`'s notation, or the card notation of `parse_cards`.

    ``notation`` (the table's `flip7odds.rules.RuleSet`) reads the names of its own cards too.

    >>> read_cards("12.p4") == read_cards("12 +4") == parse_cards("12 +4")
    True
    >>> from flip7odds.rules import POKER
    >>> read_cards(write_cards(parse_cards("K Kd -3", POKER)), POKER) == parse_cards("K Kd -3", POKER)
    True
    """
    tokens = re.split(r"[.\s,;]+", text.strip())
    return parse_cards(" ".join(_PLUS_ALIAS.sub("+", token) for token in tokens), notation)


def encode(table: Table) -> dict[str, str]:
    """The query parameters of a table; empty card lists are left out."""
    params = {RULES: table.rules.name}
    for name, cards in ((LINE, table.line), (SEEN, tuple(table.seen)), (DISCARDS, tuple(table.discards))):
        if cards:
            params[name] = write_cards(cards)
    params[OTHERS] = str(table.others_active)
    return params


def decode(params: Mapping[str, str]) -> Table:
    """The table of a link's query parameters; raises `Flip7Error` with a message for a person.

    A card that cannot be read, unknown rules, a bad count of players or an impossible table (more
    copies of a card than the deck holds, a line the rules cannot produce) each give one message
    naming the parameter.
    """
    rules = find_rules(params.get(RULES) or CLASSIC.name)
    card_lists: dict[str, tuple[Card, ...]] = {}
    for name in (LINE, SEEN, DISCARDS):
        try:
            card_lists[name] = read_cards(params.get(name, ""), rules)
        except CardError as error:
            raise CardError("in the link's {name}: {error}", name=name, error=error) from None
    others = _read_others(params.get(OTHERS))
    try:
        return Table.build(rules, card_lists[LINE], card_lists[SEEN], card_lists[DISCARDS], others)
    except SituationError as error:
        raise SituationError("the link's table is impossible: {error}", error=error) from None


def _read_others(text: str | None) -> int:
    if text is None or not text.strip():
        return DEFAULT_OTHERS
    try:
        return parse_whole(text, 0, MAX_OTHERS_ACTIVE)
    except NumberTextError:
        raise Flip7Error("in the link's others: {text!r} is not a whole number from 0 to {most}", text=text,
                         most=MAX_OTHERS_ACTIVE) from None


# ----------------------------------------------------------------------------------------------
# Every page's link: one declarative spec per page, read by `read_link` and written by `write_link`.
#
# A link is input from anyone. Every parameter has a kind, a range or a set of choices, a size limit
# and a default; a value that does not fit is replaced by the default and reported as a `Problem`
# (a message id and the offending value, which is only ever shown escaped, as plain text). Reading is
# bounded: numbers through `flip7odds.number_text` (ASCII digits only: ``²`` is refused), card lists and
# policies through the command line's own bounded parsers, texts cut at their size limit first.


class Kind(enum.Enum):
    """What a query parameter holds, and so how `read_link` checks it."""

    WHOLE = "whole"
    """A whole number in ``[low, high]``."""
    SPAN = "span"
    """Two whole numbers ``low-high`` (``10-35``) in ``[low, high]``, the first below the second."""
    CHOICE = "choice"
    """One of a fixed set of words (``choices``)."""
    FLAG = "flag"
    """On or off: ``1`` / ``0`` (also ``true``, ``yes``, ``false``, ``no``)."""
    CARDS = "cards"
    """A card list in the card notation of the link's rules (`read_cards`)."""
    CARD_LINES = "card_lines"
    """Card lists separated by ``~`` (``_`` an empty list, ``x`` a busted player)."""
    POLICY = "policy"
    """A policy of `flip7odds.policies.parse_policy` (``sum>=23``)."""
    GAME_POLICIES = "game_policies"
    """Comma-separated With a Vengeance game policies (``sum:25,bust:30%``, `flip7odds.vengeance.game.policy_from_text`:
    ``optimal`` is refused, its solver is for small piles only)."""
    TOKEN = "token"
    """An opaque identifier: 8 to 64 characters among ``A-Z a-z 0-9 _ -`` (a progress profile)."""


Value = int | str | bool | tuple[int, int] | None
"""A parameter's value once read: an int (`Kind.WHOLE`), a pair (`Kind.SPAN`), a bool (`Kind.FLAG`), a
str (choices, cards, policies, tokens; cards and policies as written, checked), None (no value)."""

MAX_TEXT = 600
"""Characters a card list or card lines parameter may have (a whole 94-card pile written card by card fits)."""
MAX_POLICY_TEXT = 100
"""Characters a policy parameter may have."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}", re.ASCII)
_FLAGS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}
_LINES_SEPARATOR = "~"
_EMPTY_LINE, _BUSTED_LINE = "_", "x"
_SHOWN = 40


@dataclass(frozen=True)
class Parameter:
    """One query parameter: its name, kind, default, range (``low``, ``high``) or ``choices``, size limit."""

    name: str
    kind: Kind
    default: Value
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    max_length: int = MAX_TEXT

    def encode(self, value: Value) -> str:
        """The text of ``value`` in a link (`read_link` reads it back to ``value``)."""
        if self.kind is Kind.SPAN:
            assert isinstance(value, tuple)
            return f"{value[0]}-{value[1]}"
        if self.kind is Kind.FLAG:
            return "1" if value else "0"
        return "" if value is None else str(value)


@dataclass(frozen=True)
class Problem:
    """A parameter of a link that could not be used: shown as one message, its value as escaped plain text.

    ``template`` is an English message id with the fields ``{parameter}``, ``{value}``, ``{default}``,
    ``{low}``, ``{high}``, ``{choices}``, ``{most}`` and ``{error}``.
    """

    parameter: str
    template: str
    value: str
    default: str = ""
    low: int = 0
    high: int = 0
    choices: str = ""
    most: int = 0
    error: Flip7Error | None = None

    def text(self, translate: Callable[[str], str] = ENGLISH) -> str:
        """The message in a language, as plain text (``st.text``, a terminal)."""
        return self._fill(translate, lambda text: text)

    def markdown(self, translate: Callable[[str], str] = ENGLISH) -> str:
        """The message as Markdown for ``st.warning`` / ``st.error``: every value from the link escaped."""
        return self._fill(translate, escape_markdown)

    def _fill(self, translate: Callable[[str], str], quote: Callable[[str], str]) -> str:
        error = "" if self.error is None else self.error.message(translate)
        shown = self.value if len(self.value) <= _SHOWN else self.value[:_SHOWN - 1] + "…"
        return translate(self.template).format(
            parameter=self.parameter, value=quote(repr(shown)), default=quote(self.default), low=self.low,
            high=self.high, choices=quote(self.choices), most=self.most, error=quote(error))


@dataclass(frozen=True)
class Link:
    """A page's link once read: every parameter's value (the default where the link had none or a bad one)."""

    page: str
    values: tuple[tuple[str, Value], ...]
    problems: tuple[Problem, ...]

    def __getitem__(self, name: str) -> Value:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def whole(self, name: str) -> int:
        """A `Kind.WHOLE` parameter's value."""
        value = self[name]
        assert isinstance(value, int) and not isinstance(value, bool)
        return value

    def span(self, name: str) -> tuple[int, int]:
        """A `Kind.SPAN` parameter's value."""
        value = self[name]
        assert isinstance(value, tuple)
        return value

    def flag(self, name: str) -> bool:
        """A `Kind.FLAG` parameter's value."""
        value = self[name]
        assert isinstance(value, bool)
        return value

    def text(self, name: str) -> str:
        """A text parameter's value (choices, cards, policies; ``""`` for none)."""
        value = self[name]
        return "" if value is None else str(value)

    def given(self, name: str) -> bool:
        """The link set this parameter to a usable value other than its default."""
        spec = PAGES[self.page].parameter(name)
        return self[name] != spec.default

    def as_dict(self) -> dict[str, Value]:
        """Every value by parameter name."""
        return dict(self.values)


@dataclass(frozen=True)
class PageLink:
    """The declarative spec of one page's link: its parameters, app-wide ones (`APP`) included."""

    page: str
    parameters: tuple[Parameter, ...]

    def parameter(self, name: str) -> Parameter:
        """The spec of one parameter (`KeyError` for a name the page does not read)."""
        for parameter in self.parameters:
            if parameter.name == name:
                return parameter
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        """Every parameter's name, in the order links write them."""
        return tuple(parameter.name for parameter in self.parameters)


LANG, PRESENT, PROFILE, DECK = "lang", "present", "profile", "deck"
PILE_CHOICES = ("fresh", "numbers", "custom")
"""The teaching pages' ``deck`` choices: the values of `flip7odds.teaching.PileChoice`."""
_QUESTIONS = ("bust_next", "bust_flip_three", "flip7", "policy_score")
_TREE_STARTS = ("hit", "flip_three")
_GROUPINGS = ("outcome", "card")
DOCUMENTS = tuple(DOCUMENT_TITLES)
"""The documents of ``docs/`` the models page shows (``?doc=``): a name from this list and nothing else."""
SIMULATE_TRIALS = (10, 200_000)
SIMULATE_GAMES = (1, 2000)
SIMULATE_PLAYERS = (1, 12)
EXPLORER_HANDS = 3
MAX_SEED = 2**32 - 1

APP: tuple[Parameter, ...] = (
    Parameter(LANG, Kind.CHOICE, None, choices=tuple(LANGUAGES)),
    Parameter(RULES, Kind.CHOICE, CLASSIC.name, choices=tuple(ALL_RULESETS)),
)
"""The parameters of the whole app: the language (None: the browser's) and the rule variant."""
_TEACHING: tuple[Parameter, ...] = (
    Parameter(PRESENT, Kind.FLAG, False),
    Parameter("pile", Kind.CARDS, ""),
    Parameter(LINE, Kind.CARDS, ""),
    Parameter(SEEN, Kind.CARDS, ""),
    Parameter("alone", Kind.FLAG, False),
    Parameter(DECK, Kind.CHOICE, None, choices=PILE_CHOICES),
)
"""The situation every teaching page reads (`flip7odds.teaching.SituationText`) and presentation mode."""


_VENGEANCE = ":vengeance"


def _page(name: str, *parameters: Parameter) -> PageLink:
    return PageLink(name, APP + parameters)


PAGES: dict[str, PageLink] = {page.page: page for page in (
    _page("home"),
    _page("live", Parameter(LINE, Kind.CARDS, ""), Parameter(SEEN, Kind.CARDS, ""),
          Parameter(DISCARDS, Kind.CARDS, ""), Parameter(OTHERS, Kind.WHOLE, DEFAULT_OTHERS, 0, MAX_OTHERS_ACTIVE),
          Parameter("hands", Kind.CARD_LINES, ""), Parameter("busted", Kind.WHOLE, 0, 0, MAX_OTHERS_ACTIVE),
          Parameter(PRESENT, Kind.FLAG, False)),
    _page("quiz", Parameter(PROFILE, Kind.TOKEN, None), Parameter(PRESENT, Kind.FLAG, False)),
    _page("strategy", *_TEACHING,
          Parameter("sum", Kind.SPAN, (10, 35), 0, 80), Parameter("bust", Kind.SPAN, (10, 50), 0, 100),
          Parameter("bust_step", Kind.CHOICE, "2", choices=("1", "2", "5", "10")),
          Parameter("cards", Kind.SPAN, (1, 7), 1, 7)),
    _page("strategy" + _VENGEANCE, Parameter("pile", Kind.CARDS, ""), Parameter("hands", Kind.CARD_LINES, ""),
          Parameter("lines", Kind.CARD_LINES, ""), Parameter("busted", Kind.WHOLE, 0, 0, EXPLORER_HANDS),
          Parameter(PRESENT, Kind.FLAG, False)),
    _page("simulate", *_TEACHING,
          Parameter("question", Kind.CHOICE, "bust_next", choices=_QUESTIONS),
          Parameter("policy", Kind.POLICY, "sum>=23", max_length=MAX_POLICY_TEXT),
          Parameter("n", Kind.WHOLE, 2000, *SIMULATE_TRIALS), Parameter("seed", Kind.WHOLE, 7, 0, MAX_SEED)),
    _page("simulate" + _VENGEANCE, Parameter("players", Kind.WHOLE, 4, *SIMULATE_PLAYERS),
          Parameter("policy", Kind.GAME_POLICIES, "sum:25", max_length=MAX_POLICY_TEXT),
          Parameter("games", Kind.WHOLE, 40, *SIMULATE_GAMES), Parameter("seed", Kind.WHOLE, 7, 0, MAX_SEED),
          Parameter(PRESENT, Kind.FLAG, False)),
    _page("trees", *_TEACHING,
          Parameter("start", Kind.CHOICE, "hit", choices=_TREE_STARTS),
          Parameter("cards", Kind.CHOICE, "2", choices=("1", "2", "3")),
          Parameter("branches", Kind.CHOICE, "outcome", choices=_GROUPINGS)),
    _page("urn", *_TEACHING, Parameter("draws", Kind.CHOICE, "1", choices=("1", "3"))),
    _page("urn" + _VENGEANCE, *_TEACHING),
    _page("models", Parameter("doc", Kind.CHOICE, "model", choices=DOCUMENTS), Parameter(PRESENT, Kind.FLAG, False)),
)}
"""Every page's link spec, by page name (the page's file name in ``pages/``); ``<page>:vengeance`` is the
spec of a page whose With a Vengeance body reads other parameters (`spec_for` picks it)."""


def spec_for(page: str, rules: RuleSet) -> PageLink:
    """The link spec ``page`` reads under ``rules``: its Vengeance spec when it has one and the rules are."""
    return PAGES.get(page + _VENGEANCE, PAGES[page]) if rules.vengeance else PAGES[page]


def flag_on(params: Mapping[str, str], name: str) -> bool:
    """Whether the address ``params`` turns the flag ``name`` on, read as `read_link` reads a `Kind.FLAG` (``1``,
    ``true``, ``yes``, ``on``); missing or unreadable, it is off. For a flag read before any page's link is (the
    app's presentation mode: the sidebar folded away from the first draw).

    >>> flag_on({"present": "True"}, "present"), flag_on({"present": "maybe"}, "present"), flag_on({}, "present")
    (True, False, False)
    """
    return _FLAGS.get(params.get(name, "").strip().lower(), False)


def read_link(page: str, params: Mapping[str, str], rules: RuleSet | None = None) -> Link:
    """Read the link of ``page`` (a name of `PAGES`): every parameter checked, none of them ever raising.

    ``rules`` are the variant card lists are read in (default: the link's own ``rules``). Unknown
    parameters are ignored. A value that cannot be used is replaced by its default and reported.

    >>> link = read_link("simulate", {"n": "²", "seed": "42", "policy": "bust>=0/0"})
    >>> link.whole("n"), link.whole("seed"), link.text("policy")
    (2000, 42, 'sum>=23')
    >>> for problem in link.problems:
    ...     print(problem.text())
    The link's policy ('bust>=0/0') cannot be used (Bad policy 'bust>=0/0': write sum>=T (e.g. sum>=23), bust>=θ (e.g. bust>=0.26 or bust>=26%), cards>=k (e.g. cards>=3), lookahead, always or optimal): using sum>=23.
    The link's n ('²') is not a whole number from 10 to 200000: using 2000.
    >>> read_link("simulate", {"rules": "vengeance", "policy": "bust:1e-10000000"}).page
    'simulate:vengeance'
    """
    problems: list[Problem] = []
    chosen = _read(APP[1], params[RULES], CLASSIC)[0] if params.get(RULES, "").strip() else CLASSIC.name
    spec = spec_for(page, rules or ALL_RULESETS[str(chosen)])
    values: dict[str, Value] = {}
    for parameter in spec.parameters:
        text = params.get(parameter.name)
        if text is None or not text.strip():
            values[parameter.name] = parameter.default
            continue
        value, problem = _read(parameter, text, rules or ALL_RULESETS[str(values.get(RULES, CLASSIC.name))])
        values[parameter.name] = value
        if problem is not None:
            problems.append(problem)
    return Link(spec.page, tuple(values.items()), tuple(problems))


def write_link(page: str, values: Mapping[str, Value]) -> dict[str, str]:
    """The query parameters of ``values`` for ``page`` (a name of `PAGES`, or a `Link.page`): each given value
    other than its default, in spec order.

    `read_link` reads them back to the same values (the round trip the tests check).

    >>> write_link("strategy", {"sum": (20, 30), "bust_step": "2", "present": True})
    {'present': '1', 'sum': '20-30'}
    >>> write_link("simulate:vengeance", {"rules": "vengeance", "games": 100})
    {'rules': 'vengeance', 'games': '100'}
    """
    spec = PAGES[page]
    return {parameter.name: parameter.encode(values[parameter.name]) for parameter in spec.parameters
            if parameter.name in values and values[parameter.name] != parameter.default}


def page_href(page: str, values: Mapping[str, Value] | None = None, current: Link | None = None) -> str:
    """A relative in-app address of ``page`` with ``values``, keeping the app-wide choices of ``current``
    (the language and the rules of the link being shown), so that a link inside the app never drops them.

    For ``st.page_link`` (its ``query_params``) or a Markdown link in a message.

    >>> here = read_link("quiz", {"lang": "es", "rules": "poker"})
    >>> page_href("models", {"doc": "vengeance"}, here)
    '/models?lang=es&rules=poker&doc=vengeance'
    >>> page_href("home", current=read_link("live", {}))
    '/'
    """
    kept: dict[str, Value] = {} if current is None else {
        name: value for name, value in current.values if name in (LANG, RULES)}
    query = urlencode(write_link(page, {**kept, **(values or {})}))
    return ("/" if page == "home" else f"/{page}") + (f"?{query}" if query else "")


def _read(parameter: Parameter, text: str, rules: RuleSet) -> tuple[Value, Problem | None]:
    """One parameter's value, or its default and the problem."""
    default = parameter.encode(parameter.default) if parameter.default is not None else ""
    if len(text) > parameter.max_length:
        return parameter.default, Problem(parameter.name, _TOO_LONG, text, default, most=parameter.max_length)
    kind = parameter.kind
    if kind is Kind.WHOLE:
        try:
            return parse_whole(text, parameter.low, parameter.high), None
        except NumberTextError:
            return parameter.default, Problem(parameter.name, _NOT_WHOLE, text, default, parameter.low,
                                              parameter.high)
    if kind is Kind.SPAN:
        span = _span(text, parameter.low, parameter.high)
        if span is None:
            return parameter.default, Problem(parameter.name, _NOT_SPAN, text, default, parameter.low, parameter.high)
        return span, None
    if kind is Kind.FLAG:
        flag = _FLAGS.get(text.strip().lower())
        if flag is None:
            return parameter.default, Problem(parameter.name, _NOT_FLAG, text, default)
        return flag, None
    if kind is Kind.CHOICE:
        chosen = text.strip().lower()
        if chosen not in parameter.choices:
            return parameter.default, Problem(parameter.name, _NOT_CHOICE, text, default,
                                              choices=", ".join(parameter.choices))
        return chosen, None
    if kind is Kind.TOKEN:
        if not _TOKEN.fullmatch(text.strip()):
            return parameter.default, Problem(parameter.name, _NOT_TOKEN, text, default)
        return text.strip(), None
    try:
        _check_text(kind, text, rules)
    except Flip7Error as error:
        return parameter.default, Problem(parameter.name, _UNUSABLE if default else _UNUSABLE_IGNORED, text, default,
                                          error=error)
    return text.strip(), None


def _span(text: str, low: int, high: int) -> tuple[int, int] | None:
    first, dash, second = text.strip().partition("-")
    try:
        span = parse_whole(first, low, high), parse_whole(second, low, high)
    except NumberTextError:
        return None
    return span if dash and span[0] < span[1] else None


def _check_text(kind: Kind, text: str, rules: RuleSet) -> None:
    """Raise the `Flip7Error` of a card list, card lines or policy text that cannot be used."""
    if kind is Kind.CARDS:
        read_cards(text, rules)
    elif kind is Kind.CARD_LINES:
        for line in text.split(_LINES_SEPARATOR):
            if line.strip() not in (_EMPTY_LINE, _BUSTED_LINE):
                read_cards(line, rules)
    elif kind is Kind.POLICY:
        from flip7odds.policies import parse_policy

        parse_policy(text)
    else:
        from flip7odds.vengeance.game import policy_from_text

        for name in text.split(","):
            policy_from_text(name)


_TOO_LONG = N_("The link's {parameter} is longer than {most} characters: it was ignored.")
_NOT_WHOLE = N_("The link's {parameter} ({value}) is not a whole number from {low} to {high}: using {default}.")
_NOT_SPAN = N_("The link's {parameter} ({value}) is not a range low-high from {low} to {high} (such as {default}): "
               "using {default}.")
_NOT_FLAG = N_("The link's {parameter} ({value}) is not 1 or 0: using {default}.")
_NOT_CHOICE = N_("The link's {parameter} ({value}) is not one of {choices}: it was ignored.")
_NOT_TOKEN = N_("The link's {parameter} ({value}) is not a profile key: it was ignored.")
_UNUSABLE = N_("The link's {parameter} ({value}) cannot be used ({error}): using {default}.")
_UNUSABLE_IGNORED = N_("The link's {parameter} ({value}) cannot be used ({error}): it was ignored.")


__all__ = [
    "APP", "DEFAULT_OTHERS", "DOCUMENTS", "PAGES", "PARAMETERS", "Kind", "Link", "PageLink", "Parameter", "Problem",
    "Value", "decode", "encode", "page_href", "read_cards", "read_link", "spec_for", "write_cards", "write_link",
]

"""Patterns in the user's moods, found on this computer from the journal alone. Pure: no GTK, no bus.

The Feels app asks Apple Intelligence for its insights; Linux has nothing of the kind, and a mood journal is not
something to send elsewhere. These are plain statistics over the moods the service exports.
"""

import collections
import dataclasses
import datetime

from .history import day_of
from .i18n import N_, _, ngettext
from .moods import BY_NAME, SCALE, nearest

# Fewer moods than this say nothing yet.
ENOUGH = 3

WEEKDAYS = (N_("Mondays"), N_("Tuesdays"), N_("Wednesdays"), N_("Thursdays"), N_("Fridays"), N_("Saturdays"),
            N_("Sundays"))
# (first hour, name): a mood belongs to the last part of the day that began at or before its hour.
PARTS_OF_DAY = ((0, N_("At night")), (5, N_("In the morning")), (12, N_("In the afternoon")),
                (17, N_("In the evening")), (22, N_("At night")))


@dataclasses.dataclass(frozen=True)
class Pattern:
    """One thing the moods show."""

    # A stable name, for tests and the report.
    key: str
    title: str
    value: str
    detail: str


def patterns(moods, today):
    """What the moods show, most telling first; [] when there are fewer than ENOUGH."""
    if len(moods) < ENOUGH:
        return []
    found = [_most_frequent(moods)]
    for pattern in (_weekdays(moods), _time_of_day(moods), _recent_trend(moods, today), _longest_run(moods)):
        if pattern is not None:
            found.append(pattern)
    return found


def _average(moods):
    return sum(BY_NAME[mood.mood].score for mood in moods) / len(moods)


def _most_frequent(moods):
    counts = collections.Counter(mood.mood for mood in moods)
    # The better mood wins a tie.
    name = max(counts, key=lambda name: (counts[name], BY_NAME[name].score))
    return Pattern(
        "most-frequent", _("Most often"), _(BY_NAME[name].label),
        ngettext("{count} of your {total} mood", "{count} of your {total} moods", len(moods))
        .format(count=counts[name], total=len(moods)))


def _weekdays(moods):
    by_weekday = collections.defaultdict(list)
    for mood in moods:
        by_weekday[day_of(mood).weekday()].append(mood)
    if len(by_weekday) < 2:
        return None
    averages = {weekday: _average(day_moods) for weekday, day_moods in by_weekday.items()}
    best = max(averages, key=lambda weekday: (averages[weekday], -weekday))
    worst = min(averages, key=lambda weekday: (averages[weekday], weekday))
    if averages[best] == averages[worst]:
        return None
    return Pattern(
        "weekdays", _("Your best days"), _(WEEKDAYS[best]),
        _("{best} average {best_mood}; {worst} are your hardest, at {worst_mood}").format(
            best=_(WEEKDAYS[best]), best_mood=_(nearest(averages[best]).label), worst=_(WEEKDAYS[worst]),
            worst_mood=_(nearest(averages[worst]).label)))


def _part_of_day(mood):
    hour = mood.logged.hour
    return [name for first, name in PARTS_OF_DAY if first <= hour][-1]


def _time_of_day(moods):
    by_part = collections.defaultdict(list)
    for mood in moods:
        by_part[_part_of_day(mood)].append(mood)
    if len(by_part) < 2:
        return None
    averages = {part: _average(part_moods) for part, part_moods in by_part.items()}
    best = max(averages, key=lambda part: averages[part])
    return Pattern(
        "time-of-day", _("You feel best"), _(best),
        _("{mood} on average, over {count} moods").format(
            mood=_(nearest(averages[best]).label), count=len(by_part[best])))


def _recent_trend(moods, today):
    week = [mood for mood in moods if 0 <= (today - day_of(mood)).days < 7]
    before = [mood for mood in moods if 7 <= (today - day_of(mood)).days < 14]
    if not week or not before:
        return None
    change = _average(week) - _average(before)
    if change > 0.25:
        value = _("Better")
    elif change < -0.25:
        value = _("Harder")
    else:
        value = _("Steady")
    return Pattern(
        "trend", _("This week"), value,
        _("{now} on average, after {then} the week before").format(
            now=_(nearest(_average(week)).label), then=_(nearest(_average(before)).label)))


def _longest_run(moods):
    days = sorted({day_of(mood) for mood in moods})
    longest = run = 1
    for previous, day in zip(days, days[1:]):
        run = run + 1 if day - previous == datetime.timedelta(days=1) else 1
        longest = max(longest, run)
    if longest < 2:
        return None
    return Pattern(
        "longest-run", _("Longest run"), ngettext("{days} day", "{days} days", longest).format(days=longest),
        _("Days in a row with a mood logged"))


def scale_counts(moods):
    """How many moods of each kind, worst to best: [(MoodKind, count)]."""
    counts = collections.Counter(mood.mood for mood in moods)
    return [(kind, counts.get(kind.name, 0)) for kind in SCALE]

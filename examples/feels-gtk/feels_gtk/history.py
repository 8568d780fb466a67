"""The user's moods by day, month and year, for the day view's history. Pure: no GTK, no bus."""

import collections
import dataclasses

from .moods import BY_NAME


@dataclasses.dataclass(frozen=True)
class Summary:
    """The moods of a day, a month or a year."""

    count: int
    # The average score, 1 (horrible) to 5 (great).
    average: float


def day_of(mood):
    """The calendar day a mood belongs to: the date its clock showed when it was logged."""
    return mood.logged.date()


def moods_on(moods, day):
    """The moods logged on `day`, oldest first."""
    return [mood for mood in moods if day_of(mood) == day]


def by_day(moods, year, month):
    """{day of the month: Summary} for the days of that month with a mood."""
    return _summaries(moods, lambda day: day.day if (day.year, day.month) == (year, month) else None)


def by_month(moods, year):
    """{month: Summary} for the months of that year with a mood."""
    return _summaries(moods, lambda day: day.month if day.year == year else None)


def _summaries(moods, key_of):
    scores = collections.defaultdict(list)
    for mood in moods:
        key = key_of(day_of(mood))
        if key is not None:
            scores[key].append(BY_NAME[mood.mood].score)
    return {key: Summary(len(values), sum(values) / len(values)) for key, values in scores.items()}

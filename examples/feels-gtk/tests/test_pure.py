"""The app's logic that needs neither a display nor the bus: history, insights, the CSV export."""

import datetime
import io
import unittest

from feels_gtk import history, insights
from feels_gtk.export import write_csv
from feels_gtk.tips import Mood

BERLIN_WINTER = datetime.timezone(datetime.timedelta(hours=1))


def mood(name, year, month, day, hour=12, zone=BERLIN_WINTER):
    return Mood(name, datetime.datetime(year, month, day, hour, 0, tzinfo=zone))


class HistoryTests(unittest.TestCase):
    def test_a_mood_belongs_to_the_day_its_clock_showed(self):
        late = Mood("good", datetime.datetime(2026, 11, 30, 23, 30, tzinfo=BERLIN_WINTER))
        self.assertEqual(history.day_of(late), datetime.date(2026, 11, 30))
        self.assertEqual(history.moods_on([late], datetime.date(2026, 11, 30)), [late])
        self.assertEqual(history.moods_on([late], datetime.date(2026, 12, 1)), [])

    def test_days_and_months_average_their_moods(self):
        moods = [mood("great", 2026, 11, 3), mood("bad", 2026, 11, 3), mood("good", 2026, 11, 5),
                 mood("horrible", 2026, 10, 1), mood("great", 2025, 11, 3)]
        self.assertEqual(history.by_day(moods, 2026, 11), {3: history.Summary(2, 3.5), 5: history.Summary(1, 4.0)})
        self.assertEqual(history.by_month(moods, 2026),
                         {11: history.Summary(3, 11 / 3), 10: history.Summary(1, 1.0)})


class InsightsTests(unittest.TestCase):
    today = datetime.date(2026, 11, 30)  # a Monday

    def keys(self, moods):
        return [pattern.key for pattern in insights.patterns(moods, self.today)]

    def test_fewer_than_three_moods_show_no_pattern(self):
        self.assertEqual(insights.patterns([mood("good", 2026, 11, 30)] * 2, self.today), [])

    def test_the_most_frequent_mood_wins_and_a_tie_goes_to_the_better_one(self):
        found = insights.patterns([mood("bad", 2026, 11, 30), mood("good", 2026, 11, 30),
                                   mood("good", 2026, 11, 30), mood("bad", 2026, 11, 30)], self.today)
        self.assertEqual(found[0].key, "most-frequent")
        self.assertEqual(found[0].value, "Good")
        self.assertEqual(found[0].detail, "2 of your 4 moods")

    def test_best_and_hardest_weekdays(self):
        moods = [mood("great", 2026, 11, 28), mood("great", 2026, 11, 21),  # Saturdays
                 mood("bad", 2026, 11, 30), mood("horrible", 2026, 11, 23)]  # Mondays
        weekdays = next(p for p in insights.patterns(moods, self.today) if p.key == "weekdays")
        self.assertEqual(weekdays.value, "Saturdays")
        self.assertEqual(weekdays.detail, "Saturdays average Great; Mondays are your hardest, at Bad")

    def test_the_time_of_day_you_feel_best(self):
        moods = [mood("great", 2026, 11, 30, hour=8), mood("great", 2026, 11, 29, hour=9),
                 mood("bad", 2026, 11, 30, hour=21)]
        part = next(p for p in insights.patterns(moods, self.today) if p.key == "time-of-day")
        self.assertEqual(part.value, "In the morning")

    def test_this_week_against_the_week_before(self):
        moods = [mood("great", 2026, 11, 30), mood("good", 2026, 11, 26), mood("bad", 2026, 11, 20),
                 mood("horrible", 2026, 11, 18)]
        trend = next(p for p in insights.patterns(moods, self.today) if p.key == "trend")
        self.assertEqual(trend.value, "Better")
        self.assertEqual(trend.detail, "Great on average, after Bad the week before")

    def test_the_longest_run_of_days_with_a_mood(self):
        moods = [mood("good", 2026, 11, day) for day in (1, 2, 3, 10, 11)]
        run = next(p for p in insights.patterns(moods, self.today) if p.key == "longest-run")
        self.assertEqual(run.value, "3 days")

    def test_one_day_of_moods_shows_only_what_one_day_can(self):
        self.assertEqual(self.keys([mood("good", 2026, 11, 30)] * 3), ["most-frequent"])


class ExportTests(unittest.TestCase):
    def test_one_row_a_mood_with_its_time_offset_and_score(self):
        stream = io.StringIO()
        write_csv([mood("great", 2026, 11, 30, hour=9), mood("horrible", 2026, 7, 1, hour=22,
                                                             zone=datetime.timezone(datetime.timedelta(hours=2)))],
                  stream)
        self.assertEqual(stream.getvalue(),
                         "logged,mood,score\n2026-11-30T09:00:00+01:00,great,5\n2026-07-01T22:00:00+02:00,horrible,1\n")


if __name__ == "__main__":
    unittest.main()

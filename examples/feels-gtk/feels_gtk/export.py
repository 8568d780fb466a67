"""The mood journal as a CSV file, the counterpart of syncing it with Apple Health. Pure: no GTK, no bus."""

import csv

from .moods import BY_NAME

HEADER = ("logged", "mood", "score")


def write_csv(moods, stream):
    """Writes one row per mood, oldest first: when it was logged (ISO 8601, with the UTC offset of the user's
    clock then), the mood, and its score from 1 (horrible) to 5 (great)."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(HEADER)
    for mood in moods:
        writer.writerow((mood.logged.isoformat(timespec="seconds"), mood.mood, BY_NAME[mood.mood].score))

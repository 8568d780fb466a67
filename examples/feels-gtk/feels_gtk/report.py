"""What the app showed, for the people and the programs that check it.

Every event is one line on stderr ("feels-gtk: Showed 'TimeViewTip' at DayView, as a popover at time-switch").
When FEELS_GTK_REPORT names a file, each event is also appended to it as one JSON object a line, with what a test
needs to find the tip on screen and press its buttons (the X11 window and the buttons' centres in it): the tests,
the screenshots and an end-to-end run of the notifier follow the app through it.
"""

import json
import os
import sys

_path = os.environ.get("FEELS_GTK_REPORT") or None


def event(name, text, /, **fields):
    """Logs `text` and, when reporting, appends {"event": name, **fields}."""
    print(f"feels-gtk: {text}", file=sys.stderr, flush=True)
    if _path:
        with open(_path, "a", encoding="utf-8") as report:
            report.write(json.dumps({"event": name, **fields}, ensure_ascii=False) + "\n")


def enabled():
    """Whether events go to a report file too (then the app works out where its tips are on screen)."""
    return _path is not None

#!/usr/bin/python3
"""An app's tips, one job a run, through feels_tips.Tips (a Gio proxy built from the interface XML).

Each run is what an app does when something happens in its window, in one call:
  tips-app.py anchor TIP [--follow]  a tip's anchor appeared: PresentTip; with --follow the anchor stays on screen,
                                     and the tip is presented when TipChanged says it should display (no polling)
  tips-app.py place LOCATION         a place holding several tips appeared: PresentNextTip
  tips-app.py close TIP              the user closed the tip: InvalidateTip tip-closed
  tips-app.py act TIP                the user did what the tip suggests: InvalidateTip action-performed
  tips-app.py log MOOD               the user logged a mood: LogMood
  tips-app.py settings               the user viewed the Settings screen: SettingsViewed
Options: --languages L1,L2 (default: GLib's, from LANGUAGE, LC_ALL, LC_MESSAGES, LANG); --timeout SECONDS for
--follow (default 10). Exits 1 when the service refuses (the error's name on stderr) or --follow times out.
"""

import argparse
import sys

from feels_tips import Tips, error_name
from gi.repository import GLib


def shown_line(tip):
    language = tip["language"] or "the app's own English"
    return f"{tip['id']}: shown at {tip['location']}, in {language}"


def print_words(tip):
    # What the anchor shows; a GThemedIcon takes icon_names as they are, symbolic first.
    print(f"  {tip['title']}")
    print(f"  {tip['message']}")
    print(f"  icon: {tip['icon_names'][0]}")


def wire(value):
    # Values printed as the GJS client prints them: true, false, numbers, text.
    return str(value).lower() if isinstance(value, bool) else str(value)


def anchor(tips, tip_id, follow, timeout):
    def present():
        shown, tip = tips.present(tip_id)
        if shown:
            print(shown_line(tip))
            print_words(tip)
        else:
            print(f"{tip['id']}: not shown: {tip['explanation']}")
        sys.stdout.flush()
        return shown

    if not follow:
        present()
        return 0
    # Subscribed before the first call, so that no change between the call and the wait is missed.
    loop = GLib.MainLoop()
    result = {"status": 1}

    def on_tip_changed(changed_id, location, changes):
        words = ", ".join(f"{key}={wire(changes[key])}" for key in sorted(changes))
        print(f"TipChanged {changed_id} at {location}: {words}", flush=True)
        if changed_id == tip_id and changes.get("should_display") is True:
            try:
                if present():
                    result["status"] = 0
                    loop.quit()
            except GLib.Error as error:
                result["error"] = error
                loop.quit()

    tips.on_tip_changed(on_tip_changed)
    if present():
        return 0
    print(f"waiting for TipChanged of {tip_id}", flush=True)
    GLib.timeout_add_seconds(timeout, loop.quit)
    loop.run()
    if "error" in result:
        raise result["error"]
    return result["status"]


def place(tips, location):
    tip = tips.present_next(location)
    if tip is None:
        print(f"{location}: no tip to show now")
    else:
        print(shown_line(tip))
        print_words(tip)
    return 0


def main():
    parser = argparse.ArgumentParser(description="An app's tips, one job a run.")
    parser.add_argument("--languages", help="the user's languages, comma-separated (default: GLib's)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds --follow waits (default 10)")
    parser.add_argument("event", choices=["anchor", "place", "close", "act", "log", "settings"])
    parser.add_argument("argument", nargs="?", default="")
    parser.add_argument("--follow", action="store_true", help="anchor: keep it on screen until the tip shows")
    arguments = parser.parse_args()

    tips = Tips(arguments.languages.split(",") if arguments.languages else None)
    what = arguments.argument
    try:
        if arguments.event == "anchor":
            return anchor(tips, what, arguments.follow, arguments.timeout)
        if arguments.event == "place":
            return place(tips, what)
        if arguments.event == "close":
            tips.close(what)
            print(f"{what}: closed")
        elif arguments.event == "act":
            tips.action_performed(what)
            print(f"{what}: action performed")
        elif arguments.event == "log":
            count = tips.log_mood(what)
            print(f"logged {what}: {count} mood{'s' if count != 1 else ''}")
        elif arguments.event == "settings":
            tips.settings_viewed()
            print("settings viewed")
    except GLib.Error as error:
        name, message = error_name(error)
        print(f"{arguments.event} {what}: {name}: {message}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Logs a mood, reads a tip and follows the service's PropertiesChanged, through GLib's Gio.

Run it on the session bus (DBUS_SESSION_BUS_ADDRESS names another): /usr/bin/python3 follow-tips.py [MOOD]
It prints what it sees and exits once the service has announced the new mood count, or after 10 seconds. For a
settings page or a tool; an app's own jobs are in tips-app.py.
"""

import sys

from feels_tips import BUS_NAME, call, error_name, make_proxy
from gi.repository import GLib


def main(mood):
    # The proxy reads every property once, then keeps its copy up to date from PropertiesChanged.
    proxy = make_proxy()
    version, revision = proxy.get_cached_property("ServiceVersion"), proxy.get_cached_property("Version")
    if version is None:
        print(f"{BUS_NAME} is not running", file=sys.stderr)
        return 1
    print(f"Connected to {BUS_NAME}: feels-tipsd {version.unpack()}, interface revision {revision.unpack()}")

    loop = GLib.MainLoop()
    result = {"status": 1}

    def on_properties_changed(proxy, changed, invalidated):
        changed = changed.unpack()
        words = ", ".join(f"{name}={changed[name]}" for name in sorted(changed))
        print(f"PropertiesChanged: {words}")
        if "MoodLogCount" in changed:
            # The proxy's cache already holds the new value.
            print(f"MoodLogCount is now {proxy.get_cached_property('MoodLogCount').unpack()}")
            result["status"] = 0
            loop.quit()

    proxy.connect("g-properties-changed", on_properties_changed)

    # call() types the arguments by the XML: LogMood takes the mood and options (none is defined yet).
    (count,) = call(proxy, "LogMood", mood, {})
    print(f"LogMood({mood}): {count} mood{'s' if count != 1 else ''} logged")

    # GetTips reads one, several or all tips ([]), recording nothing; each is a dictionary, its rules too.
    (tips,) = call(proxy, "GetTips", ["SiriShortcutTip"], {})
    tip = tips[0]
    print(f"{tip['id']}: {tip['status']}: {tip['title']}")
    for rule in tip["rules"]:
        holds = "holds" if rule["satisfied"] else "does not hold"
        print(f"  rule {rule['parameter']} {rule['operator']} {rule['threshold']} (now {rule['value']}): {holds}")
    print(f"  {tip['explanation']}")

    # A D-Bus error arrives as a GLib.Error that names it.
    try:
        call(proxy, "LogMood", "meh", {})
    except GLib.Error as error:
        print(f"LogMood(meh) failed: {error_name(error)[0]}")

    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    return result["status"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "great"))

#!/usr/bin/python3
"""Logs a mood, reads a tip and follows the service's PropertiesChanged, through GLib's Gio.

Run it on the session bus (DBUS_SESSION_BUS_ADDRESS names another): /usr/bin/python3 follow-tips.py [MOOD]
It prints what it sees and exits once the service has announced the new mood count, or after 10 seconds.
"""

import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS_NAME = "org.feels.Tips"
OBJECT_PATH = "/org/feels/Tips"
INTERFACE = "org.feels.Tips1"


def main(mood):
    # The proxy reads every property once, then keeps its copy up to date from PropertiesChanged. Without
    # DO_NOT_AUTO_START, the bus starts feels-tipsd if it is installed and not running.
    proxy = Gio.DBusProxy.new_for_bus_sync(
        Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, None, BUS_NAME, OBJECT_PATH, INTERFACE, None)
    version = proxy.get_cached_property("Version")
    print(f"Connected to {BUS_NAME}: feels-tipsd {version.unpack() if version else 'not running'}")

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

    # Methods are called with a GVariant of their in-arguments and answer with one of their out-arguments.
    (count,) = proxy.call_sync("LogMood", GLib.Variant("(s)", (mood,)), Gio.DBusCallFlags.NONE, -1, None).unpack()
    print(f"LogMood({mood}): {count} mood{'s' if count != 1 else ''} logged")

    (tip,) = proxy.call_sync(
        "GetTip", GLib.Variant("(s)", ("SiriShortcutTip",)), Gio.DBusCallFlags.NONE, -1, None).unpack()
    print(f"{tip['id']}: {tip['status']}: {tip['title']}")
    for rule in tip["rules"]:
        holds = "holds" if rule["satisfied"] else "does not hold"
        print(f"  rule {rule['parameter']} {rule['operator']} {rule['threshold']} (now {rule['value']}): {holds}")
    print(f"  {tip['explanation']}")

    # A D-Bus error arrives as a GLib.Error whose message starts with the error's name.
    try:
        proxy.call_sync("LogMood", GLib.Variant("(s)", ("meh",)), Gio.DBusCallFlags.NONE, -1, None)
    except GLib.Error as error:
        print(f"LogMood(meh) failed: {Gio.DBusError.get_remote_error(error)}")

    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    return result["status"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "great"))

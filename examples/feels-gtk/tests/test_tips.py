"""feels_gtk/tips.py against the real feels-tipsd, on the session bus DBUS_SESSION_BUS_ADDRESS names (a private one:
the tests log moods and close tips). Each test uses tips of its own, so they hold in any order."""

import os
import unittest

from gi.repository import Gio, GLib

from feels_gtk import places
from feels_gtk.tips import BUS_NAME, INTERFACE, OBJECT_PATH, TipsService

XML = os.path.join(os.path.dirname(__file__), "..", "..", "..", "dbus", "org.feels.Tips1.xml")


def answer(start):
    """Runs the main loop until the callback `start` is given is called, and returns what it was called with."""
    loop = GLib.MainLoop()
    result = []

    def done(*values):
        result.append(values[0] if len(values) == 1 else values)
        loop.quit()
    start(done)
    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    if not result:
        raise AssertionError("no answer within 10 seconds")
    return result[0]


def service_call(member, parameters=None):
    proxy = Gio.DBusProxy.new_for_bus_sync(
        Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, None, BUS_NAME, OBJECT_PATH, INTERFACE, None)
    return proxy.call_sync(member, parameters, Gio.DBusCallFlags.NONE, 10_000, None).unpack()


class TipsServiceTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Every tip may first appear at once: the tests show several.
        service_call("SetDisplayFrequency", GLib.Variant("(s)", ("immediate",)))

    def test_presenting_a_tip_records_its_display_and_gives_its_words(self):
        tips = TipsService(XML, ["C"])
        tip = answer(lambda done: tips.present_tip("CustomizeLayoutTip", done))
        self.assertEqual(tip.id, "CustomizeLayoutTip")
        self.assertEqual(tip.title, "Personalize Your Experience")
        self.assertEqual(tip.locale, "C.UTF-8")
        self.assertEqual(tip.icon.get_names(), ["preferences-desktop-theme-symbolic", "preferences-desktop-theme"])
        (record,) = service_call("GetTip", GLib.Variant("(s)", ("CustomizeLayoutTip",)))
        self.assertEqual(record["display_count"], 1)

    def test_a_tip_whose_rules_do_not_hold_is_not_presented(self):
        tips = TipsService(XML, ["C"])
        self.assertIsNone(answer(lambda done: tips.present_tip("AIInsightsTip", done)))

    def test_the_next_tip_of_a_place_holding_several(self):
        tips = TipsService(XML, ["C"])
        tip = answer(lambda done: tips.present_next_tip("DayView", done))
        self.assertEqual(tip.id, "TimeViewTip")
        self.assertEqual(tip.title, "View Your History")

    def test_closing_a_tip_is_announced_by_tip_changed(self):
        tips = TipsService(XML, ["C"])
        change = answer(lambda done: (tips.connect("tip-changed", lambda tips, tip_id, change: done(tip_id, change)),
                                      tips.close_tip("MoodStreakTip")))
        self.assertEqual(change[0], "MoodStreakTip")
        self.assertTrue(change[1].invalidated)
        (record,) = service_call("GetTip", GLib.Variant("(s)", ("MoodStreakTip",)))
        self.assertEqual(record["invalidation_reason"], "tipClosed")

    def test_a_language_the_service_lacks_falls_back_to_the_next(self):
        tips = TipsService(XML, ["xx", "C"])
        tip = answer(lambda done: tips.present_tip("TimeViewTip", done))
        self.assertEqual(tip.title, "View Your History")
        self.assertEqual(tip.locale, "C.UTF-8")

    def test_a_logged_mood_is_exported(self):
        tips = TipsService(XML, ["C"])
        self.assertGreaterEqual(answer(lambda done: tips.log_mood("average", done)), 1)
        moods = answer(lambda done: tips.export_moods(done))
        self.assertEqual(moods[-1].mood, "average")
        self.assertIsNotNone(moods[-1].logged.utcoffset())


class PlacesTests(unittest.TestCase):
    def test_every_tip_of_the_service_has_its_place_at_its_location(self):
        (catalog,) = service_call("ListTips")
        self.assertEqual({tip["id"]: tip["location"] for tip in catalog},
                         {place.tip_id: place.location for place in places.PLACES})


if __name__ == "__main__":
    unittest.main()

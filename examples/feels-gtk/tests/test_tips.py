"""feels_gtk/tips.py against the real feels-tipsd, on the session bus DBUS_SESSION_BUS_ADDRESS names (a private one,
the service started with --testing and the project's catalogs: the tests log moods and close tips). Each test uses
tips of its own, so they hold in any order."""

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


def service_call(member, signature="", arguments=(), interface=INTERFACE):
    """Calls the service directly, as another client would."""
    proxy = Gio.DBusProxy.new_for_bus_sync(
        Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, None, BUS_NAME, OBJECT_PATH, interface, None)
    parameters = GLib.Variant(f"({signature})", arguments) if signature else None
    return proxy.call_sync(member, parameters, Gio.DBusCallFlags.NONE, 10_000, None).unpack()


def record(tip_id):
    """The tip as the service has it now."""
    (tips,) = service_call("GetTips", "asa{sv}", ([tip_id], {}))
    return tips[0]


class TipsServiceTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Every tip may first appear at once: the tests show several.
        service_call("SetDisplayFrequency", "s", ("immediate",), interface=f"{INTERFACE}.Testing")

    def test_presenting_a_tip_records_its_display_and_gives_its_words(self):
        tips = TipsService(XML, ["C"])
        tip = answer(lambda done: tips.present_tip("CustomizeLayoutTip", done))
        self.assertEqual(tip.id, "CustomizeLayoutTip")
        self.assertEqual(tip.location, "CustomizeContentView")
        self.assertEqual(tip.title, "Personalize Your Experience")
        self.assertEqual(tip.language, "")
        # The service's icon names, in its order (GThemedIcon adds each one's symbolic or colour counterpart).
        stored = record("CustomizeLayoutTip")
        self.assertEqual(tip.icon.get_names()[:len(stored["icon_names"])], stored["icon_names"])
        self.assertEqual(stored["display_count"], 1)

    def test_a_tip_whose_rules_do_not_hold_is_not_presented(self):
        tips = TipsService(XML, ["C"])
        self.assertIsNone(answer(lambda done: tips.present_tip("AIInsightsTip", done)))
        self.assertEqual(record("AIInsightsTip")["display_count"], 0)

    def test_the_next_tip_of_a_place_holding_several(self):
        tips = TipsService(XML, ["C"])
        tip = answer(lambda done: tips.present_next_tip("DayView", done))
        self.assertEqual(tip.id, "TimeViewTip")
        self.assertEqual(tip.title, "View Your History")

    def test_closing_a_tip_is_announced_by_tip_changed_with_its_location(self):
        tips = TipsService(XML, ["C"])
        change = answer(lambda done: (tips.connect("tip-changed", lambda tips, tip_id, change: done(tip_id, change)),
                                      tips.close_tip("MoodStreakTip")))
        self.assertEqual(change[0], "MoodStreakTip")
        self.assertEqual(change[1].location, "DayView")
        self.assertTrue(change[1].invalidated)
        self.assertEqual(record("MoodStreakTip")["invalidation_reason"], "tip-closed")

    def test_the_tips_action_is_recorded_as_action_performed(self):
        tips = TipsService(XML, ["C"])
        self.assertTrue(answer(lambda done: tips.tip_action_performed("WidgetVotingTip", done)))
        self.assertEqual(record("WidgetVotingTip")["invalidation_reason"], "action-performed")

    def test_the_words_come_in_the_first_of_the_users_languages_the_service_has(self):
        tips = TipsService(XML, ["xx_XX.UTF-8", "xx", "de_AT.UTF-8", "de", "C"])
        tip = answer(lambda done: tips.find_tip("TimeViewTip", done))
        self.assertEqual(tip.title, "Sieh dir deinen Verlauf an")
        self.assertEqual(tip.language, "de_AT.UTF-8")

    def test_by_default_the_languages_are_glibs(self):
        self.assertEqual(TipsService(XML).languages, GLib.get_language_names())

    def test_finding_a_tip_names_its_location_and_records_nothing(self):
        tips = TipsService(XML, ["C"])
        tip = answer(lambda done: tips.find_tip("siriShortcutTip", done))
        self.assertEqual((tip.id, tip.location), ("SiriShortcutTip", "SettingsContentView"))
        self.assertEqual(record("SiriShortcutTip")["display_count"], 0)

    def test_a_tip_the_service_does_not_have_is_none_and_no_failure(self):
        tips = TipsService(XML, ["C"])
        failures = []
        tips.connect("failed", lambda tips, message: failures.append(message))
        self.assertIsNone(answer(lambda done: tips.find_tip("NoSuchTip", done)))
        self.assertEqual(failures, [])

    def test_a_logged_mood_is_exported(self):
        tips = TipsService(XML, ["C"])
        self.assertGreaterEqual(answer(lambda done: tips.log_mood("average", done)), 1)
        moods = answer(lambda done: tips.export_moods(done))
        self.assertEqual(moods[-1].mood, "average")
        self.assertIsNotNone(moods[-1].logged.utcoffset())

    def test_a_refused_call_fails_with_the_services_message(self):
        tips = TipsService(XML, ["C"])
        failures = []
        tips.connect("failed", lambda tips, message: failures.append(message))
        self.assertIsNone(answer(lambda done: tips.log_mood("meh", done)))
        self.assertEqual(len(failures), 1)
        self.assertIn("meh", failures[0])


class PlacesTests(unittest.TestCase):
    def test_every_tip_of_the_service_has_its_place_at_its_location(self):
        (catalog,) = service_call("GetTips", "asa{sv}", ([], {}))
        self.assertEqual({tip["id"]: tip["location"] for tip in catalog},
                         {place.tip_id: place.location for place in places.PLACES})


if __name__ == "__main__":
    unittest.main()

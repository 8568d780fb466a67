"""Every call the Feels app makes to org.feels.Tips1, and nothing else does.

The rest of the app speaks in the jobs a view has (present the tip at an anchor, choose the tip for a place holding
several, close a tip, record its action, log a mood) and never sees a member name, a dictionary key or a GVariant.
So when the interface changes, this file changes, and no other.

The proxy is built from the interface XML (dbus/org.feels.Tips1.xml in the repository, the app's own copy once
installed): every call's arguments are typed by the method's in-arguments there, and Gio checks the replies, the
signals and the properties against it. Without DO_NOT_AUTO_START, the bus starts feels-tipsd on the first call when
it is installed and not running.

Every call is asynchronous: the window never waits for the service. A call that fails is logged, one line on
stderr, its callback gets None, and the `failed` signal carries the message for the window to show.
"""

import dataclasses
import datetime
import sys

from gi.repository import Gio, GLib, GObject

BUS_NAME = "org.feels.Tips"
OBJECT_PATH = "/org/feels/Tips"
INTERFACE = "org.feels.Tips1"
UNKNOWN_TIP = "org.feels.Tips1.Error.UnknownTip"

# How long a call may take before it fails: a write waits for its fsync, which a busy disk can make slow.
CALL_TIMEOUT_MS = 10_000

# The reasons InvalidateTip takes, as the wire spells them.
TIP_CLOSED = "tip-closed"
ACTION_PERFORMED = "action-performed"


@dataclasses.dataclass(frozen=True)
class Tip:
    """A tip with its words in the user's language."""

    id: str
    # Where it belongs, named as the service names it (DayView, SettingsContentView, …).
    location: str
    title: str
    message: str
    icon: Gio.Icon
    # The language the words are in, as the app named it ('de', 'de_DE.UTF-8'); '' for the seed's English.
    language: str


@dataclasses.dataclass(frozen=True)
class TipChange:
    """What changed of a tip, as TipChanged announced it: `should_display` None when it did not change."""

    location: str
    should_display: bool | None
    invalidated: bool


@dataclasses.dataclass(frozen=True)
class Mood:
    """One mood of the journal."""

    mood: str
    # When it was logged, in the UTC offset of the user's clock then (the day it belongs to).
    logged: datetime.datetime


def _tip(words):
    # The service names freedesktop icons that Adwaita has, symbolic first, as a GThemedIcon takes them.
    return Tip(words["id"], words["location"], words["title"], words["message"],
               Gio.ThemedIcon.new_from_names(words["icon_names"]), words["language"])


class TipsService(GObject.Object):
    """The Feels Tips service on the session bus, as the app uses it.

    Signals:
        tip-changed (id, TipChange): a tip's display or status changed, whatever the cause (the display window
            opened, a rule came to hold, the tip was closed elsewhere).
        moods-changed (): a mood was logged or the journal was erased, by this app or another (feels-tips log).
        streak-changed (int): the current streak.
        restarted (): the service came back (a new process owns the name); what it says may have changed.
        failed (str): a call failed; the message says which and why.
    """

    __gsignals__ = {
        "tip-changed": (GObject.SignalFlags.RUN_FIRST, None, (str, object)),
        "moods-changed": (GObject.SignalFlags.RUN_FIRST, None, ()),
        "streak-changed": (GObject.SignalFlags.RUN_FIRST, None, (int,)),
        "restarted": (GObject.SignalFlags.RUN_FIRST, None, ()),
        "failed": (GObject.SignalFlags.RUN_FIRST, None, (str,)),
    }

    def __init__(self, interface_xml_path, languages=None):
        """Connects to the service, whose interface is described by the XML at `interface_xml_path`.

        `languages` are the user's, best first; by default GLib's (['de_DE.UTF-8', 'de_DE', 'de.UTF-8', 'de', 'C']
        under LANG=de_DE.UTF-8, ['de', 'C'] under LANGUAGE=de), which the service tries in turn.
        """
        super().__init__()
        with open(interface_xml_path, encoding="utf-8") as xml:
            self._info = Gio.DBusNodeInfo.new_for_xml(xml.read()).lookup_interface(INTERFACE)
        self._proxy = Gio.DBusProxy.new_for_bus_sync(
            Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, self._info, BUS_NAME, OBJECT_PATH, INTERFACE, None)
        self._proxy.connect("g-signal", self._on_signal)
        self._proxy.connect("g-properties-changed", self._on_properties_changed)
        self._proxy.connect("notify::g-name-owner", self._on_owner_changed)
        self.languages = list(languages or GLib.get_language_names())

    def _words(self):
        return {"languages": GLib.Variant("as", self.languages)}

    # MARK: - Tips

    def present_tip(self, tip_id, done):
        """Presents one tip at its anchor, as TipKit's TipView does: done(Tip) when the tip is to be shown (its
        display is recorded), done(None) when it is not to be shown now."""
        self._call("PresentTip", (tip_id, self._words()),
                   lambda reply: done(_tip(reply[1]) if reply and reply[0] else None))

    def present_next_tip(self, location, done):
        """Chooses the tip to show at a place holding several, as TipKit's TipGroup does: done(Tip) for the tip
        to show (its display is recorded), done(None) when none is to be shown now."""
        self._call("PresentNextTip", (location, self._words()),
                   lambda reply: done(_tip(reply[1]) if reply and reply[0] else None))

    def find_tip(self, tip_id, done):
        """The tip `tip_id` as it stands, recording nothing: done(Tip), or done(None) when the service has no such
        tip (which is not a failure: show-tip may name a tip of a later version)."""
        self._call("GetTips", ([tip_id], self._words()), lambda reply: done(_tip(reply[0][0]) if reply else None),
                   expected=(UNKNOWN_TIP,))

    def close_tip(self, tip_id, done=None):
        """The user closed the tip: it is not shown again (TipKit's invalidate(reason: .tipClosed))."""
        self._invalidate(tip_id, TIP_CLOSED, done)

    def tip_action_performed(self, tip_id, done=None):
        """The user did what the tip suggests: it is not shown again (invalidate(reason: .actionPerformed))."""
        self._invalidate(tip_id, ACTION_PERFORMED, done)

    def reset_tips(self, done=None):
        """Every tip, and what the service counts for them, back to a fresh install's; the moods are kept."""
        self._call("ResetAllTips", (), lambda reply: done and done(reply is not None))

    def _invalidate(self, tip_id, reason, done):
        self._call("InvalidateTip", (tip_id, reason), lambda reply: done and done(reply is not None))

    # MARK: - What the user did

    def log_mood(self, mood, done=None):
        """Logs a mood now (horrible, bad, average, good or great): done(count of moods logged) or done(None)."""
        self._call("LogMood", (mood, {}), lambda reply: done and done(reply and reply[0]))

    def settings_viewed(self):
        """The user viewed the settings."""
        self._call("SettingsViewed", (), lambda reply: None)

    def export_moods(self, done):
        """done(every Mood logged, oldest first), or done(None)."""
        def exported(reply):
            if reply is None:
                done(None)
                return
            moods = []
            for micros, mood, offset in reply[0]:
                zone = datetime.timezone(datetime.timedelta(seconds=offset))
                logged = datetime.datetime.fromtimestamp(micros / 1_000_000, zone)
                moods.append(Mood(mood, logged))
            done(moods)
        self._call("ExportMoods", (), exported)

    @property
    def current_streak(self):
        """Consecutive days with a mood, ending today or yesterday; 0 when unknown."""
        value = self._proxy.get_cached_property("CurrentStreak")
        return value.unpack() if value is not None else 0

    # MARK: - The bus

    def _call(self, member, arguments, done, expected=()):
        # The arguments are typed by the method's in-arguments in the XML; an error named in `expected` is an
        # answer the callback handles (done(None)), not a failure to report.
        signature = "".join(argument.signature for argument in self._info.lookup_method(member).in_args)

        def finished(proxy, result):
            try:
                reply = proxy.call_finish(result).unpack()
            except GLib.Error as error:
                name = Gio.DBusError.get_remote_error(error)
                if name not in expected:
                    print(f"feels-gtk: {member} failed: {name or 'error'}: {error.message}", file=sys.stderr)
                    self.emit("failed", error.message)
                done(None)
                return
            done(reply)
        self._proxy.call(member, GLib.Variant(f"({signature})", arguments), Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS,
                         None, finished)

    def _on_signal(self, proxy, sender, signal, parameters):
        if signal != "TipChanged":
            return
        tip_id, location, changes = parameters.unpack()
        change = TipChange(location, changes.get("should_display"), changes.get("status") == "invalidated")
        self.emit("tip-changed", tip_id, change)

    def _on_properties_changed(self, proxy, changed, invalidated):
        changed = changed.unpack()
        if "MoodLogCount" in changed:
            self.emit("moods-changed")
        if "CurrentStreak" in changed:
            self.emit("streak-changed", changed["CurrentStreak"])

    def _on_owner_changed(self, proxy, spec):
        if proxy.get_name_owner():
            self.emit("restarted")

"""Every call the Feels app makes to org.feels.Tips1, and nothing else does.

The rest of the app speaks in the jobs a view has (present the tip at an anchor, choose the tip for a place holding
several, close a tip, record its action, log a mood) and never sees a member name, a dictionary key or a GVariant.
So when the interface changes, this file changes, and no other.

The proxy is built from the interface XML (dbus/org.feels.Tips1.xml in the repository, installed beside the app),
so Gio checks every call's arguments and every property's type against the contract. Without
DO_NOT_AUTO_START, the bus starts feels-tipsd on the first call when it is installed and not running.

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

# How long a call may take before it fails: a write waits for its fsync, which a busy disk can make slow.
CALL_TIMEOUT_MS = 10_000

# The words of the seed, which the service's catalog uses as message ids: asked in this locale, every tip comes back
# in English whatever language the service runs in.
SEED_LOCALE = "C.UTF-8"


@dataclasses.dataclass(frozen=True)
class Tip:
    """A tip the service decided to show, with its words in the app's language."""

    id: str
    title: str
    message: str
    icon: Gio.Icon
    # The locale the words are in, as the service says.
    locale: str


@dataclasses.dataclass(frozen=True)
class TipChange:
    """What changed of a tip, as TipChanged announced it; None for what did not change."""

    should_display: bool | None
    invalidated: bool


@dataclasses.dataclass(frozen=True)
class Mood:
    """One mood of the journal."""

    mood: str
    # When it was logged, in the UTC offset of the user's clock then (the day it belongs to).
    logged: datetime.datetime


def locale_candidates(language_names):
    """The locale names to ask the service for the words in, best first, from GLib.get_language_names().

    The service takes one locale name that this system has (de_DE.UTF-8): a bare language (de), a BCP 47 tag or a
    locale without its codeset give its own words. So each language becomes the UTF-8 locales it is usually
    installed as. English, and C, end the list: the seed's words are English.
    """
    candidates = []

    def add(name):
        if name not in candidates:
            candidates.append(name)

    for name in language_names:
        base = name.split("@")[0]
        language, _, territory = base.split(".")[0].partition("_")
        if language in ("C", "POSIX", "en"):
            break
        if "." in base:
            add(base)
        if territory:
            add(f"{language}_{territory}.UTF-8")
        else:
            add(f"{language}_{_USUAL_TERRITORY.get(language, language.upper())}.UTF-8")
    add(SEED_LOCALE)
    return candidates


# Where a language's usual territory is not the language's own letters (de_DE, fr_FR, it_IT are).
_USUAL_TERRITORY = {
    "ca": "ES", "cs": "CZ", "da": "DK", "el": "GR", "et": "EE", "eu": "ES", "gl": "ES", "he": "IL", "hi": "IN",
    "ja": "JP", "ko": "KR", "nb": "NO", "nn": "NO", "pt": "BR", "sl": "SI", "sr": "RS", "sv": "SE", "uk": "UA",
    "vi": "VN", "zh": "CN",
}


def _icon(name):
    # The service names freedesktop icons, some of which Adwaita has only as a symbolic icon, some only in colour:
    # the symbolic one first, which suits a popover's text, and the name as it is when the theme has no such icon.
    return Gio.ThemedIcon.new_from_names([f"{name}-symbolic", name])


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

    def __init__(self, interface_xml_path, language_names=None):
        """Connects to the service, whose interface is described by the XML at `interface_xml_path`."""
        super().__init__()
        with open(interface_xml_path, encoding="utf-8") as xml:
            info = Gio.DBusNodeInfo.new_for_xml(xml.read()).lookup_interface(INTERFACE)
        self._proxy = Gio.DBusProxy.new_for_bus_sync(
            Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, info, BUS_NAME, OBJECT_PATH, INTERFACE, None)
        self._proxy.connect("g-signal", self._on_signal)
        self._proxy.connect("g-properties-changed", self._on_properties_changed)
        self._proxy.connect("notify::g-name-owner", self._on_owner_changed)
        self._candidates = locale_candidates(language_names or GLib.get_language_names())
        # The first candidate the service had words in; found with the first tip, kept for the app's run.
        self._locale = None

    # MARK: - Tips

    def present_tip(self, tip_id, done):
        """Presents one tip at its anchor, as TipKit's TipView does: done(Tip) when the tip is to be shown (its
        display is recorded), done(None) when it is not to be shown now."""
        def shown(reply):
            if reply is None or not reply[0]:
                done(None)
            else:
                self._words(tip_id, done)
        self._call("DisplayTip", GLib.Variant("(s)", (tip_id,)), shown)

    def present_next_tip(self, location, done):
        """Chooses the tip to show at a place holding several, as TipKit's TipGroup does: done(Tip) for the tip
        to show (its display is recorded), done(None) when none is to be shown now."""
        def chosen(reply):
            if reply is None or not reply[0]:
                done(None)
            else:
                self._words(reply[0], done)
        self._call("DisplayNextTip", GLib.Variant("(s)", (location,)), chosen)

    def close_tip(self, tip_id, done=None):
        """The user closed the tip: it is not shown again (TipKit's invalidate(reason: .tipClosed))."""
        self._invalidate(tip_id, "tipClosed", done)

    def tip_action_performed(self, tip_id, done=None):
        """The user did what the tip suggests: it is not shown again (invalidate(reason: .actionPerformed))."""
        self._invalidate(tip_id, "actionPerformed", done)

    def reset_tips(self, done=None):
        """Every tip, and what the service counts for them, back to a fresh install's; the moods are kept."""
        self._call("ResetAllTips", None, lambda reply: done and done(reply is not None))

    def _invalidate(self, tip_id, reason, done):
        self._call(
            "InvalidateTip", GLib.Variant("(ss)", (tip_id, reason)), lambda reply: done and done(reply is not None))

    def _words(self, tip_id, done, candidates=None):
        # GetLocalizedTip in the first of the app's locales the service has: a locale it does not have comes back
        # in the service's own words, the reply naming the locale they are in, so the next candidate is tried.
        if candidates is None:
            candidates = [self._locale] if self._locale else list(self._candidates)
        locale = candidates[0]

        def answered(reply):
            if reply is None:
                done(None)
                return
            tip = reply[0]
            if tip["locale"] != locale and len(candidates) > 1:
                self._words(tip_id, done, candidates[1:])
                return
            self._locale = locale
            done(Tip(tip["id"], tip["title"], tip["message"], _icon(tip["icon"]), tip["locale"]))
        self._call("GetLocalizedTip", GLib.Variant("(ss)", (tip_id, locale)), answered)

    # MARK: - What the user did

    def log_mood(self, mood, done=None):
        """Logs a mood now (horrible, bad, average, good or great): done(count of moods logged) or done(None)."""
        self._call("LogMood", GLib.Variant("(s)", (mood,)), lambda reply: done and done(reply and reply[0]))

    def settings_viewed(self):
        """The user viewed the settings."""
        self._call("SettingsViewed", None, lambda reply: None)

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
        self._call("ExportMoods", None, exported)

    @property
    def current_streak(self):
        """Consecutive days with a mood, ending today or yesterday; 0 when unknown."""
        value = self._proxy.get_cached_property("CurrentStreak")
        return value.unpack() if value is not None else 0

    # MARK: - The bus

    def _call(self, member, parameters, done):
        def finished(proxy, result):
            try:
                reply = proxy.call_finish(result).unpack()
            except GLib.Error as error:
                message = f"{member} failed: {Gio.DBusError.get_remote_error(error) or error.message}"
                print(f"feels-gtk: {message}: {error.message}", file=sys.stderr)
                self.emit("failed", error.message)
                done(None)
                return
            done(reply)
        self._proxy.call(member, parameters, Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None, finished)

    def _on_signal(self, proxy, sender, signal, parameters):
        # TipStatusChanged says again what TipChanged says with the status, so only TipChanged is followed.
        if signal != "TipChanged":
            return
        tip_id, changes = parameters.unpack()
        change = TipChange(changes.get("should_display"), changes.get("status") == "invalidated")
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

"""What an app needs of the Feels tips, through GLib's Gio, with the proxy built from the interface's XML.

The contract is dbus/org.feels.Tips1.xml (installed as /usr/share/dbus-1/interfaces/org.feels.Tips1.xml). A proxy made
with its interface info knows every member's signature: `call()` types the arguments by it, and Gio checks the
replies and signals against it.

An app needs five methods and one signal, which `Tips` wraps: LogMood, SettingsViewed, PresentTip, PresentNextTip,
InvalidateTip and TipChanged. No property: the proxy does not even load them.
"""

import os

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS_NAME = "org.feels.Tips"
OBJECT_PATH = "/org/feels/Tips"
INTERFACE = "org.feels.Tips1"
XML_FILE = "org.feels.Tips1.xml"


def interface_xml_path():
    """The contract: the repository's copy when these examples run from it, else the installed one."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.path.join(here, "..", "..", "dbus", XML_FILE)]
    data_dirs = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    candidates += [os.path.join(folder, "dbus-1", "interfaces", XML_FILE) for folder in data_dirs.split(":") if folder]
    for path in candidates:
        if os.path.exists(path):
            return os.path.normpath(path)
    raise FileNotFoundError(f"{XML_FILE} is in none of: {', '.join(candidates)}")


def make_proxy(flags=Gio.DBusProxyFlags.NONE):
    """A proxy of org.feels.Tips1 on the session bus, with the interface info from the XML.

    Without DO_NOT_AUTO_START, the bus starts feels-tipsd if it is installed and not running.
    """
    with open(interface_xml_path(), encoding="utf-8") as file:
        info = Gio.DBusNodeInfo.new_for_xml(file.read()).lookup_interface(INTERFACE)
    return Gio.DBusProxy.new_for_bus_sync(Gio.BusType.SESSION, flags, info, BUS_NAME, OBJECT_PATH, INTERFACE, None)


def call(proxy, method, *arguments):
    """Calls `method` with `arguments`, typed by its in-arguments in the XML; answers its out-arguments, unpacked."""
    in_args = proxy.get_interface_info().lookup_method(method).in_args
    signature = "(" + "".join(argument.signature for argument in in_args) + ")"
    reply = proxy.call_sync(method, GLib.Variant(signature, arguments), Gio.DBusCallFlags.NONE, -1, None)
    return reply.unpack()


def error_name(error):
    """The D-Bus name of an error a call answered with, such as org.feels.Tips1.Error.UnknownTip, and its message."""
    name = Gio.DBusError.get_remote_error(error) or "error"
    # Gio prefixes the message with "GDBus.Error:NAME: "; PyGObject's GLib.Error is a copy strip_remote_error cannot
    # change, so it is stripped here.
    prefix = f"GDBus.Error:{name}: "
    message = error.message
    return name, message[len(prefix):] if message.startswith(prefix) else message


class Tips:
    """The tips of one app: each job is one call.

    `languages` are the user's, in order of preference; by default GLib's, as gettext would use them
    (['de_DE.UTF-8', 'de_DE', 'de.UTF-8', 'de', 'C'] under LANG=de_DE.UTF-8). The words come back in the first one the
    service has, and the tip's `language` names it ('' for the Feels app's own English words).
    """

    def __init__(self, languages=None):
        self.languages = list(languages or GLib.get_language_names())
        self.proxy = make_proxy(Gio.DBusProxyFlags.DO_NOT_LOAD_PROPERTIES)

    def _words(self):
        return {"languages": GLib.Variant("as", self.languages)}

    def present(self, tip_id):
        """A tip's anchor is on screen (TipKit's TipView): (shown, tip), the display recorded when shown."""
        return call(self.proxy, "PresentTip", tip_id, self._words())

    def present_next(self, location):
        """A place holding several tips is on screen (TipKit's TipGroup): the tip to show there, or None."""
        shown, tip = call(self.proxy, "PresentNextTip", location, self._words())
        return tip if shown else None

    def close(self, tip_id):
        """The user closed the tip: it is not shown again."""
        call(self.proxy, "InvalidateTip", tip_id, "tip-closed")

    def action_performed(self, tip_id):
        """The user did what the tip suggests: it is not shown again."""
        call(self.proxy, "InvalidateTip", tip_id, "action-performed")

    def log_mood(self, mood):
        """The user logged a mood; answers how many are logged."""
        (count,) = call(self.proxy, "LogMood", mood, {})
        return count

    def settings_viewed(self):
        """The user viewed the Settings screen."""
        call(self.proxy, "SettingsViewed")

    def on_tip_changed(self, callback):
        """Calls `callback(id, location, changes)` for each TipChanged, while a GLib main loop runs."""

        def on_signal(proxy, sender, signal, parameters):
            if signal == "TipChanged":
                callback(*parameters.unpack())

        return self.proxy.connect("g-signal", on_signal)

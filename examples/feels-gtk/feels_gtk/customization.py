"""How the user customized the app (its style, the mood buttons, their colors) and the history span they last chose.
Kept in a key file of its own."""

import os

from gi.repository import GLib, GObject

STYLES = ("system", "light", "dark")
BUTTONS = ("faces-and-words", "faces", "words")
SPANS = ("day", "month", "year")
_GROUP = "Customize"


class Customization(GObject.Object):
    """The user's choices, saved as they change, in $XDG_CONFIG_HOME/feels-gtk/customize.ini."""

    style = GObject.Property(type=str, default="system")
    buttons = GObject.Property(type=str, default="faces-and-words")
    colorful = GObject.Property(type=bool, default=True)
    # Not a customization: the day view opens on the span the user last looked at.
    span = GObject.Property(type=str, default="day")

    def __init__(self, path=None):
        super().__init__()
        self._path = path or os.path.join(GLib.get_user_config_dir(), "feels-gtk", "customize.ini")
        keys = GLib.KeyFile()
        try:
            keys.load_from_file(self._path, GLib.KeyFileFlags.NONE)
        except GLib.Error:
            pass  # No file yet: the defaults stand.
        self.style = _choice(keys, "Style", STYLES)
        self.buttons = _choice(keys, "Buttons", BUTTONS)
        self.span = _choice(keys, "HistorySpan", SPANS)
        try:
            self.colorful = keys.get_boolean(_GROUP, "Colorful")
        except GLib.Error:
            pass  # Not set, or not a boolean: the default stands.
        self.connect("notify", lambda customization, spec: self._save())

    def _save(self):
        keys = GLib.KeyFile()
        keys.set_string(_GROUP, "Style", self.style)
        keys.set_string(_GROUP, "Buttons", self.buttons)
        keys.set_boolean(_GROUP, "Colorful", self.colorful)
        keys.set_string(_GROUP, "HistorySpan", self.span)
        os.makedirs(os.path.dirname(self._path), mode=0o700, exist_ok=True)
        keys.save_to_file(self._path)


def _choice(keys, key, choices):
    # A value the file does not have, or one this version does not know, is the first choice.
    try:
        value = keys.get_string(_GROUP, key)
    except GLib.Error:
        return choices[0]
    return value if value in choices else choices[0]

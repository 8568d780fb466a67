"""How the user customized the app: its style, the mood buttons, their colours. Kept in a key file of its own."""

import os

from gi.repository import GLib, GObject

STYLES = ("system", "light", "dark")
BUTTONS = ("faces-and-words", "faces", "words")
_GROUP = "Customize"


class Customization(GObject.Object):
    """The user's choices, saved as they change, in $XDG_CONFIG_HOME/feels-gtk/customize.ini."""

    style = GObject.Property(type=str, default="system")
    buttons = GObject.Property(type=str, default="faces-and-words")
    colorful = GObject.Property(type=bool, default=True)

    def __init__(self, path=None):
        super().__init__()
        self._path = path or os.path.join(GLib.get_user_config_dir(), "feels-gtk", "customize.ini")
        keys = GLib.KeyFile()
        try:
            keys.load_from_file(self._path, GLib.KeyFileFlags.NONE)
            style = keys.get_string(_GROUP, "Style")
            buttons = keys.get_string(_GROUP, "Buttons")
            self.style = style if style in STYLES else "system"
            self.buttons = buttons if buttons in BUTTONS else "faces-and-words"
            self.colorful = keys.get_boolean(_GROUP, "Colorful")
        except GLib.Error:
            pass  # No file yet, or a key missing: the defaults stand for what is not there.
        self.connect("notify", lambda customization, spec: self._save())

    def _save(self):
        keys = GLib.KeyFile()
        keys.set_string(_GROUP, "Style", self.style)
        keys.set_string(_GROUP, "Buttons", self.buttons)
        keys.set_boolean(_GROUP, "Colorful", self.colorful)
        os.makedirs(os.path.dirname(self._path), mode=0o700, exist_ok=True)
        keys.save_to_file(self._path)

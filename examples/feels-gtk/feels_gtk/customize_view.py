"""Customize: how Feels looks (the Feels app's CustomizeContentView)."""

from gi.repository import Adw, Gtk

from .customization import BUTTONS, STYLES
from .i18n import N_, _
from .widgets import boxed_list, dim_label, heading, page

STYLE_LABELS = (N_("Follow System"), N_("Light"), N_("Dark"))
BUTTON_LABELS = (N_("Faces and Words"), N_("Faces"), N_("Words"))


class CustomizeView(Gtk.ScrolledWindow):
    """The customize view. Anchor: the top of the view, where CustomizeLayoutTip shows inline."""

    location = "CustomizeContentView"

    def __init__(self, app):
        super().__init__()
        self._app = app
        customization = app.customization
        column = page(self)

        self._top = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        column.append(self._top)
        column.append(heading(_("Customize"), "title-2"))
        column.append(dim_label(_("How Feels looks: its style, and how the mood buttons of the day view show.")))

        rows = boxed_list(margin_top=6)
        style = Adw.ComboRow(title=_("Style"), model=Gtk.StringList.new([_(text) for text in STYLE_LABELS]))
        style.set_selected(STYLES.index(customization.style))
        style.connect("notify::selected", lambda row, spec: self._chose("style", STYLES[row.get_selected()]))
        rows.append(style)
        buttons = Adw.ComboRow(
            title=_("Mood Buttons"), model=Gtk.StringList.new([_(text) for text in BUTTON_LABELS]))
        buttons.set_selected(BUTTONS.index(customization.buttons))
        buttons.connect("notify::selected", lambda row, spec: self._chose("buttons", BUTTONS[row.get_selected()]))
        rows.append(buttons)
        colorful = Adw.ActionRow(title=_("Colorful Moods"), subtitle=_("Each mood in a color of its own"))
        switch = Gtk.Switch(active=customization.colorful, valign=Gtk.Align.CENTER)
        switch.connect("notify::active", lambda switch, spec: self._chose("colorful", switch.get_active()))
        colorful.add_suffix(switch)
        colorful.set_activatable_widget(switch)
        rows.append(colorful)
        column.append(rows)

        self.anchors = {"top": self._top}

    def perform(self, tip_id, finished):
        """CustomizeLayoutTip has no button: changing anything here is its action."""
        finished(False)

    def _chose(self, name, value):
        self._app.customization.set_property(name, value)
        # Customizing is what CustomizeLayoutTip suggests.
        self._app.presenter.action_performed("CustomizeLayoutTip")

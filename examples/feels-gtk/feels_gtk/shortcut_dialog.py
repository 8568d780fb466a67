"""How to log a mood from a keyboard shortcut: what Linux has instead of Siri and of a home-screen widget."""

import shutil

from gi.repository import Adw, Gio, Gtk

from . import report
from .i18n import _
from .moods import SCALE
from .widgets import boxed_list

# GNOME Settings' keyboard panel, where custom shortcuts are made.
KEYBOARD_PANEL = "gnome-keyboard-panel.desktop"

INTRODUCTIONS = {
    "siri": lambda: _("Linux has no Siri. Instead, a keyboard shortcut logs your mood in one step, without opening "
                      "Feels."),
    "widget": lambda: _("GNOME has no home-screen widgets. Instead, a keyboard shortcut logs your mood in one step, "
                        "without opening Feels. You can also pin Feels to the dash: right-click it in the "
                        "Activities overview and choose Pin to Dash."),
}


def present(parent, reason):
    """Shows how to bind `feels-tips log MOOD` to keys; `reason` ("siri" or "widget") says what it replaces."""
    steps = _("In GNOME Settings, open Keyboard, then View and Customize Shortcuts, then Custom Shortcuts, and add "
              "one for each mood you log: a name such as “Log a great mood”, its command below, and keys such as "
              "Super+G.")
    if shutil.which("feels-tips") is None:
        steps += "\n\n" + _("The feels-tips command is not installed on this computer: install Feels Tips first.")
    dialog = Adw.MessageDialog(
        transient_for=parent, modal=True, heading=_("Log Your Mood with a Shortcut"),
        body=f"{INTRODUCTIONS[reason]()}\n\n{steps}")
    commands = boxed_list()
    for kind in SCALE:
        command = f"feels-tips log {kind.name}"
        row = Adw.ActionRow(title=command, subtitle=_(kind.label))
        row.add_css_class("monospace")
        copy = Gtk.Button(icon_name="edit-copy-symbolic", valign=Gtk.Align.CENTER, tooltip_text=_("Copy Command"))
        copy.add_css_class("flat")
        copy.connect("clicked", lambda button, text=command: button.get_clipboard().set(text))
        row.add_suffix(copy)
        commands.append(row)
    dialog.set_extra_child(commands)
    dialog.add_response("close", _("Close"))
    try:
        panel = Gio.DesktopAppInfo.new(KEYBOARD_PANEL)
    except TypeError:
        panel = None  # GNOME Settings is not installed: PyGObject raises for the constructor's NULL.
    if panel is not None:
        dialog.add_response("keyboard", _("Open Keyboard Settings"))
        dialog.set_response_appearance("keyboard", Adw.ResponseAppearance.SUGGESTED)

    def responded(dialog, response):
        if response == "keyboard":
            panel.launch([], parent.get_display().get_app_launch_context())
    dialog.connect("response", responded)
    dialog.present()
    report.event("shortcut-dialog", f"Showed how to log from a keyboard shortcut (instead of {reason})",
                 reason=reason, keyboard_settings=panel is not None)
    return dialog

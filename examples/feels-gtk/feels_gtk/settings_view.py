"""Settings: the features, what each is on Linux, and the tips (the Feels app's SettingsContentView)."""

from gi.repository import Adw, Gtk

from .i18n import _
from .widgets import boxed_list, button, heading, page


class SettingsView(Gtk.ScrolledWindow):
    """The settings view. Anchors: the Features heading, the Apple Health switch."""

    location = "SettingsContentView"

    def __init__(self, app):
        super().__init__()
        self._app = app
        column = page(self)

        self._features = heading(_("Features"))
        column.append(self._features)
        features = boxed_list()
        shortcut = Adw.ActionRow(
            title=_("Log from a Keyboard Shortcut"),
            subtitle=_("Linux has no Siri. A shortcut that runs “feels-tips log great” logs your mood without "
                       "opening Feels."))
        shortcut.add_prefix(Gtk.Image(icon_name="input-keyboard-symbolic"))
        shortcut.add_suffix(button(_("Set Up…"), lambda button: app.set_up_shortcut(self.get_root(), "siri")))
        features.append(shortcut)

        health = Adw.ActionRow(
            title=_("Apple Health"),
            subtitle=_("Not available on Linux: Apple Health exists only on Apple’s devices. Export your moods "
                       "instead."))
        health.add_prefix(Gtk.Image(icon_name="emblem-favorite-symbolic"))
        self._health = Gtk.Switch(active=False, sensitive=False, valign=Gtk.Align.CENTER)
        self._health.update_property([Gtk.AccessibleProperty.LABEL], [_("Sync with Apple Health")])
        # The tip points at the switch, through a box around it: a popover is as insensitive as its parent, and the
        # switch is insensitive.
        self._health_anchor = Gtk.Box(valign=Gtk.Align.CENTER)
        self._health_anchor.append(self._health)
        health.add_suffix(self._health_anchor)
        features.append(health)

        export = Adw.ActionRow(
            title=_("Export Moods"),
            subtitle=_("Every mood you logged, to a CSV file you choose, for a spreadsheet or another app."))
        export.add_prefix(Gtk.Image(icon_name="document-save-symbolic"))
        export.add_suffix(button(_("Export…"), lambda button: app.export_moods(self.get_root(), None)))
        features.append(export)
        column.append(features)

        column.append(heading(_("Tips"), margin_top=12))
        tips = boxed_list()
        reset = Adw.ActionRow(
            title=_("Show Tips Again"),
            subtitle=_("Every tip and what it waits for start over, as on a new installation. Your moods are kept."))
        reset.add_suffix(button(_("Reset…"), lambda button: app.reset_tips(self.get_root())))
        tips.append(reset)
        column.append(tips)

        self.anchors = {"features": self._features, "health": self._health_anchor}

    def appeared(self):
        """The view is on screen: the service counts it (HealthKitSyncTip waits for it)."""
        self._app.tips.settings_viewed()

    def perform(self, tip_id, finished):
        """Does a tip's action: finished(True) once done, finished(False) if the user gave up."""
        if tip_id == "SiriShortcutTip":
            self._app.set_up_shortcut(self.get_root(), "siri")
            finished(True)
        elif tip_id == "HealthKitSyncTip":
            self._app.export_moods(self.get_root(), finished)
        else:
            finished(False)

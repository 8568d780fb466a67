"""The Feels application: org.feels.Feels, D-Bus activatable, with the show-tip action notifications hand off to."""

from gi.repository import Adw, Gdk, Gio, GLib, Gtk

from . import export_dialog, places, report, shortcut_dialog, style, x11
from .customization import Customization
from .i18n import _
from .presenter import TipPresenter
from .tips import TipsService
from .window import FeelsWindow

APPLICATION_ID = "org.feels.Feels"
VERSION = "0.2.0"

# Started by the bus for an action (--gapplication-service), the app waits this long for work before it exits.
INACTIVITY_TIMEOUT_MS = 10_000


class FeelsApplication(Adw.Application):
    """The app: one window, its views, and the tips presented in them.

    Actions: show-tip (s, a tip id) opens the view the tip's location names and presents the tip there when the
    service agrees (the hand-off a tip notification makes: org.freedesktop.Application.ActivateAction("show-tip",
    [<"TimeViewTip">], platform_data) on /org/feels/Feels); shortcut, about, quit.
    """

    def __init__(self, paths):
        super().__init__(application_id=APPLICATION_ID, flags=Gio.ApplicationFlags.DEFAULT_FLAGS)
        self.set_inactivity_timeout(INACTIVITY_TIMEOUT_MS)
        self._paths = paths
        self._window = None
        # The activation token of the activation being handled (platform data's activation-token), for present().
        self._activation_token = None
        self._startup_id = None

    def do_startup(self):
        Adw.Application.do_startup(self)
        display = Gdk.Display.get_default()
        style.install(display)
        if self._paths.icons:
            # Run from the checkout, the app's icon is not installed in any icon theme.
            Gtk.IconTheme.get_for_display(display).add_search_path(self._paths.icons)
        self.tips = TipsService(self._paths.interface_xml)
        self.tips.connect("failed", lambda tips, message: self.toast(_("Feels Tips did not answer: {reason}")
                                                                     .format(reason=message)))
        self.customization = Customization()
        self.customization.connect("notify::style", lambda customization, spec: self._apply_style())
        self._apply_style()
        self.presenter = TipPresenter(self.tips)

        show_tip = Gio.SimpleAction.new("show-tip", GLib.VariantType.new("s"))
        show_tip.connect("activate", self._on_show_tip)
        self.add_action(show_tip)
        for name, handler in (("shortcut", self._on_shortcut), ("about", self._on_about), ("quit", self._on_quit)):
            action = Gio.SimpleAction.new(name, None)
            action.connect("activate", handler)
            self.add_action(action)
        self.set_accels_for_action("app.quit", ["<Control>q"])
        self.set_accels_for_action("window.close", ["<Control>w"])

    def do_before_emit(self, platform_data):
        # Every activation (Activate, Open, ActivateAction) comes with the launcher's platform data: keep its
        # activation token for the window this activation presents.
        token = platform_data.lookup_value("activation-token", GLib.VariantType.new("s"))
        self._activation_token = token.get_string() if token else None
        startup_id = platform_data.lookup_value("desktop-startup-id", GLib.VariantType.new("s"))
        self._startup_id = startup_id.get_string() if startup_id else None
        Adw.Application.do_before_emit(self, platform_data)

    def do_activate(self):
        self._present()

    # MARK: - Actions

    def _on_show_tip(self, action, parameter):
        # The view is the one the service names as the tip's location, asked before the window shows, so that no
        # other view appears first and has its tip recorded as displayed. The app stays up while it asks, even
        # when the bus started it for this action alone.
        asked = parameter.get_string()
        window = self.window()
        self.hold()

        def found(tip):
            self.release()
            if tip is None:
                report.event("unknown-tip", f"show-tip: the service has no tip '{asked}'", tip=asked)
            elif places.BY_ID.get(tip.id) is None or places.BY_ID[tip.id].location != tip.location:
                report.event("misplaced", f"show-tip: this app has no place for '{tip.id}' at {tip.location}",
                             tip=tip.id, view=tip.location)
            else:
                window.show_view(tip.location, tip.id)
            self._present()
        self.tips.find_tip(asked, found)

    def _on_shortcut(self, action, parameter):
        self.set_up_shortcut(self.window(), "siri")

    def _on_about(self, action, parameter):
        about = Adw.AboutWindow(
            transient_for=self.window(), application_name=_("Feels"), application_icon=APPLICATION_ID,
            version=VERSION, developer_name=_("The Feels Tips maintainers"),
            comments=_("Log how you feel, and see your patterns. An example of the Feels Tips service: its tips "
                       "appear where they belong in the app."))
        about.present()

    def _on_quit(self, action, parameter):
        self.quit()

    # MARK: - What the views share

    def window(self):
        """The window, made when first needed."""
        if self._window is None:
            self._window = FeelsWindow(self)
        return self._window

    def toast(self, text):
        """Says `text` briefly at the bottom of the window."""
        if self._window is not None:
            self._window.toasts.add_toast(Adw.Toast(title=text))

    def set_up_shortcut(self, parent, reason):
        """Shows how to log from a keyboard shortcut, instead of Siri ("siri") or a home-screen widget ("widget")."""
        shortcut_dialog.present(parent, reason)

    def export_moods(self, parent, finished):
        """Exports the moods to a CSV file the user picks; finished(True) once written, if given."""
        export_dialog.present(parent, self.tips, finished or (lambda written: None), self.toast)

    def reset_tips(self, parent):
        """Asks, then resets every tip."""
        dialog = Adw.MessageDialog(
            transient_for=parent, modal=True, heading=_("Show Tips Again?"),
            body=_("Every tip starts over, and so do the days of use and the streak the tips wait for, as on a new "
                   "installation. Your moods are kept."))
        dialog.add_response("cancel", _("Cancel"))
        dialog.add_response("reset", _("Reset Tips"))
        dialog.set_response_appearance("reset", Adw.ResponseAppearance.DESTRUCTIVE)

        def responded(dialog, response):
            if response == "reset":
                self.tips.reset_tips(lambda ok: ok and self.presenter.tips_reset())
        dialog.connect("response", responded)
        dialog.present()

    # MARK: - The window on screen

    def _present(self):
        window = self.window()
        token, self._activation_token = self._activation_token, None
        startup_id, self._startup_id = self._startup_id, None
        # On Wayland GTK hands the token to the compositor itself; on X11 it reads only desktop-startup-id, so a
        # token that came alone is given to the window as its startup id, which X11's focus rules go by.
        if token and not startup_id and x11.is_x11(window.get_display()):
            window.set_startup_id(token)
        window.present()
        report.event("presented", f"Presented the window at {window.location}" +
                     (f" with activation token '{token}'" if token else "") +
                     (f" with startup id '{startup_id}'" if startup_id else ""),
                     view=window.location, activation_token=token, desktop_startup_id=startup_id,
                     window=x11.window_id(window.get_surface()))

    def _apply_style(self):
        schemes = {"system": Adw.ColorScheme.DEFAULT, "light": Adw.ColorScheme.FORCE_LIGHT,
                   "dark": Adw.ColorScheme.FORCE_DARK}
        Adw.StyleManager.get_default().set_color_scheme(schemes[self.customization.style])

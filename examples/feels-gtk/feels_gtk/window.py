"""The Feels window: the four views of the Feels app's tips, one on screen at a time."""

from gi.repository import Adw, Gio, Gtk

from .customize_view import CustomizeView
from .day_view import DayView
from .i18n import N_, _
from .insights_view import InsightsView
from .settings_view import SettingsView

# (view class, title, icon), in the order of the view switcher.
VIEWS = (
    (DayView, N_("Today"), "face-smile-symbolic"),
    (InsightsView, N_("Insights"), "x-office-presentation-symbolic"),
    (CustomizeView, N_("Customize"), "preferences-desktop-appearance-symbolic"),
    (SettingsView, N_("Settings"), "emblem-system-symbolic"),
)


class FeelsWindow(Adw.ApplicationWindow):
    """The main window. Each view is a page of the stack, named by its location."""

    def __init__(self, app):
        super().__init__(application=app, default_width=860, default_height=700, title=_("Feels"))
        self._app = app
        # The tip show-tip asked for, until its view is on screen.
        self._wanted_tip = None
        self.toasts = Adw.ToastOverlay()
        content = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        self.toasts.set_child(content)
        self.set_content(self.toasts)

        self._stack = Adw.ViewStack(vexpand=True)
        self.views = {}
        for view_class, title, icon in VIEWS:
            view = view_class(app)
            self.views[view.location] = view
            self._stack.add_titled_with_icon(view, view.location, _(title), icon)
            app.presenter.add_view(view)

        header = Adw.HeaderBar()
        switcher = Adw.ViewSwitcherTitle(stack=self._stack, title=_("Feels"))
        header.set_title_widget(switcher)
        menu = Gtk.MenuButton(icon_name="open-menu-symbolic", menu_model=_menu(), primary=True,
                              tooltip_text=_("Main Menu"))
        header.pack_end(menu)
        content.append(header)
        content.append(self._stack)
        bar = Adw.ViewSwitcherBar(stack=self._stack)
        switcher.bind_property("title-visible", bar, "reveal")
        content.append(bar)

        self._stack.connect("notify::visible-child-name", lambda stack, spec: self._appeared())
        self.connect("map", lambda window: self._appeared())
        self.connect("unmap", lambda window: app.presenter.window_hidden())
        for view in self.views.values():
            if hasattr(view, "refresh"):
                view.refresh()

    @property
    def location(self):
        """The location of the view on screen."""
        return self._stack.get_visible_child_name()

    def show_view(self, location, tip_id=None):
        """Brings the view at `location` on screen, with `tip_id` the tip to show there if the service agrees."""
        self._wanted_tip = tip_id
        if self.location == location:
            self._appeared()
        else:
            self._stack.set_visible_child_name(location)

    def _appeared(self):
        if not self.get_mapped():
            return
        tip_id, self._wanted_tip = self._wanted_tip, None
        view = self.views[self.location]
        if hasattr(view, "appeared"):
            view.appeared()
        self._app.presenter.view_appeared(self.location, tip_id)


def _menu():
    menu = Gio.Menu()
    menu.append(_("Log with a Keyboard Shortcut"), "app.shortcut")
    menu.append(_("About Feels"), "app.about")
    return menu

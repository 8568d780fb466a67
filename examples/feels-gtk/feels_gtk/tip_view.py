"""A tip on screen, as TipKit draws one: its icon, title and message, a close button, and its action if it has one.

`TipPopover` points at the widget the tip is about (TipKit's popoverTip); `TipBanner` sits inline at the top of
its view (TipKit's TipView), as the GNOME HIG prefers for what concerns a whole view.
"""

from gi.repository import GLib, GObject, Graphene, Gtk

from . import x11
from .i18n import _


class TipContent(Gtk.Box):
    """The tip's words and buttons.

    Signals:
        close (): the close button was pressed.
        action (): the action button was pressed.
        drawn (): the tip is on screen, laid out (its buttons have their places).
    """

    __gsignals__ = {
        "close": (GObject.SignalFlags.RUN_FIRST, None, ()),
        "action": (GObject.SignalFlags.RUN_FIRST, None, ()),
        "drawn": (GObject.SignalFlags.RUN_FIRST, None, ()),
    }

    def __init__(self, tip, action=None, on_linux=None):
        super().__init__(spacing=12, margin_top=6, margin_bottom=6, margin_start=6, margin_end=2)
        self.add_css_class("feels-tip")
        icon = Gtk.Image(gicon=tip.icon, pixel_size=32, valign=Gtk.Align.START, margin_top=2)
        icon.add_css_class("feels-tip-icon")
        self.append(icon)

        words = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, hexpand=True)
        self.title = _label(tip.title, "heading")
        self.message = _label(tip.message)
        words.append(self.title)
        words.append(self.message)
        self.on_linux = None
        if on_linux:
            self.on_linux = _label(on_linux, "caption", "dim-label")
            words.append(self.on_linux)
        self.action_button = None
        if action:
            self.action_button = Gtk.Button(label=action, halign=Gtk.Align.START, margin_top=4)
            self.action_button.add_css_class("suggested-action")
            self.action_button.connect("clicked", lambda button: self.emit("action"))
            words.append(self.action_button)
        self.append(words)

        self.close_button = Gtk.Button(icon_name="window-close-symbolic", valign=Gtk.Align.START)
        self.close_button.set_tooltip_text(_("Close Tip"))
        self.close_button.add_css_class("flat")
        self.close_button.add_css_class("circular")
        self.close_button.connect("clicked", lambda button: self.emit("close"))
        self.append(self.close_button)
        self.connect("map", self._on_map)

    def _on_map(self, widget):
        # Mapped is not yet laid out, and a popover may take a frame or two to settle on its size (its labels wrap):
        # the tip is drawn once three frames in a row put its buttons in the same places.
        settled = {"where": None, "frames": 0}

        def laid_out(widget, clock):
            if self.close_button.get_width() == 0:
                return GLib.SOURCE_CONTINUE
            where = self.where()
            settled["frames"] = settled["frames"] + 1 if where == settled["where"] else 0
            settled["where"] = where
            if settled["frames"] < 2:
                return GLib.SOURCE_CONTINUE
            self.emit("drawn")
            return GLib.SOURCE_REMOVE
        self.add_tick_callback(laid_out)

    def where(self):
        """Where the tip is on screen, for the report: the X11 window holding it, and its buttons' centres in that
        window (close_at, action_at)."""
        native = self.get_native()
        where = {"window": x11.window_id(native.get_surface()), "size": [native.get_width(), native.get_height()]}
        offset_x, offset_y = native.get_surface_transform()
        for name, button in (("close", self.close_button), ("action", self.action_button)):
            if button is None:
                continue
            centre = Graphene.Point()
            centre.init(button.get_width() / 2, button.get_height() / 2)
            found, point = button.compute_point(native, centre)
            if found:
                where[f"{name}_at"] = [round(point.x + offset_x), round(point.y + offset_y)]
        return where


# How far from the window's edges a popover's content stays, in pixels: more than its shadow, so that the popover
# fits in the window and GTK never slides it.
EDGE = 36


class TipPopover(Gtk.Popover):
    """A tip pointing at `anchor`; it stays while the user works in the view, until closed or acted on."""

    def __init__(self, content, anchor):
        super().__init__(autohide=False, has_arrow=True, position=Gtk.PositionType.BOTTOM)
        self.add_css_class("feels-tip-popover")
        self.content = content
        content.set_size_request(320, -1)
        self.set_child(content)
        self.set_parent(anchor)

    def show_tip(self):
        anchor = self.get_parent()
        if anchor.get_width() > 0:
            self._pop_up()
            return

        # A tip can come before the view's first layout: wait for the frame that places the anchor.
        def laid_out(anchor, clock):
            if anchor.get_width() == 0:
                return GLib.SOURCE_CONTINUE
            if self.get_parent() is anchor:
                self._pop_up()
            return GLib.SOURCE_REMOVE
        anchor.add_tick_callback(laid_out)

    def _pop_up(self):
        # Centred under a widget near the window's edge, the popover would hang over it: slide it inwards (the
        # arrow keeps pointing at the widget).
        anchor = self.get_parent()
        window = anchor.get_root()
        found, bounds = anchor.compute_bounds(window)
        if found:
            half = self.content.get_preferred_size()[1].width / 2
            centre = bounds.get_x() + bounds.get_width() / 2
            offset = max(0, EDGE - (centre - half)) or min(0, window.get_width() - EDGE - (centre + half))
            self.set_offset(round(offset), 0)
        self.popup()

    def dismiss(self):
        self.popdown()
        self.unparent()


class TipBanner(Gtk.Frame):
    """A tip inline in `slot`, a box at the top of its view."""

    def __init__(self, content, slot):
        super().__init__()
        self.add_css_class("feels-tip-banner")
        self.content = content
        self.set_child(content)
        self._slot = slot

    def show_tip(self):
        self._slot.append(self)

    def dismiss(self):
        self._slot.remove(self)


def _label(text, *classes):
    label = Gtk.Label(label=text, xalign=0, wrap=True, max_width_chars=38, width_chars=24)
    for css_class in classes:
        label.add_css_class(css_class)
    return label

"""What the app needs to know of X11, where it runs on it (GTK draws on Wayland and X11 alike)."""

import gi

try:
    gi.require_version("GdkX11", "4.0")
    from gi.repository import GdkX11
except (ImportError, ValueError):
    GdkX11 = None  # A GTK built without X11.


def is_x11(display):
    """Whether `display` is an X11 display."""
    return GdkX11 is not None and isinstance(display, GdkX11.X11Display)


def window_id(surface):
    """The X11 window of a surface, or None on another windowing system."""
    if GdkX11 is None or not isinstance(surface, GdkX11.X11Surface):
        return None
    return GdkX11.X11Surface.get_xid(surface)

"""The app's few additions to Adwaita's style: the tips, the streak, the moods' colours."""

from gi.repository import Gtk

# The moods' colours, from the GNOME palette: red, orange, yellow, green, blue.
MOOD_COLORS = {"horrible": "#e01b24", "bad": "#ff7800", "average": "#e5a50a", "good": "#2ec27e", "great": "#3584e4"}

CSS = """
.feels-tip-icon { color: @accent_color; }
.feels-tip-banner { padding: 6px; background: alpha(@accent_bg_color, 0.08); border-color: alpha(@accent_color, 0.3); }
.feels-streak { padding: 4px 12px; border-radius: 999px; background: alpha(@accent_bg_color, 0.12);
                color: @accent_color; font-weight: bold; }
.feels-day { padding: 4px 0; border-radius: 6px; background: alpha(currentColor, 0.04); }
""" + "".join(
    f".feels-colorful.feels-mood-{mood}, .feels-colorful.feels-mood-{mood} image {{ color: {color}; }}\n"
    for mood, color in MOOD_COLORS.items())


def install(display):
    """Adds the app's style to the display's."""
    provider = Gtk.CssProvider()
    provider.load_from_data(CSS.encode("utf-8"))
    Gtk.StyleContext.add_provider_for_display(display, provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

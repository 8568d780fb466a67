"""The small pieces every view is made of, after the GNOME HIG: a clamped page, headings, boxed lists."""

from gi.repository import Adw, Gtk


def page(view):
    """Makes `view` (a Gtk.ScrolledWindow) scroll a column of at most 720 pixels, and returns the column."""
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_top=24, margin_bottom=24,
                     margin_start=18, margin_end=18)
    view.set_policy(Gtk.PolicyType.NEVER, Gtk.PolicyType.AUTOMATIC)
    view.set_child(Adw.Clamp(maximum_size=720, child=column))
    return column


def heading(text, css_class="heading", **properties):
    """A heading as wide as its words, so that a tip anchored to it points at them."""
    label = Gtk.Label(label=text, **{"xalign": 0, "halign": Gtk.Align.START, "wrap": True, **properties})
    label.add_css_class(css_class)
    return label


def boxed_list(**properties):
    """A list of rows drawn as one card."""
    listbox = Gtk.ListBox(selection_mode=Gtk.SelectionMode.NONE, **properties)
    listbox.add_css_class("boxed-list")
    return listbox


def button(text, clicked):
    """A button for the end of a row."""
    widget = Gtk.Button(label=text, valign=Gtk.Align.CENTER)
    widget.connect("clicked", clicked)
    return widget


def dim_label(text, *css_classes, **properties):
    """Words that explain, drawn quieter than the content."""
    label = Gtk.Label(label=text, **{"xalign": 0, "wrap": True, **properties})
    for css_class in ("dim-label", *css_classes):
        label.add_css_class(css_class)
    return label


def clear(container):
    """Removes every row of a list, or every child of a box."""
    if isinstance(container, Gtk.ListBox):
        while (row := container.get_row_at_index(0)) is not None:
            container.remove(row)
        return
    while (child := container.get_first_child()) is not None:
        container.remove(child)

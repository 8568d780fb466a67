"""Insights: patterns in the user's moods, found on this computer (the Feels app's InsightsView)."""

import datetime

from gi.repository import Adw, Gtk

from . import insights
from .i18n import _
from .widgets import boxed_list, clear, dim_label, heading, page


class InsightsView(Gtk.ScrolledWindow):
    """The insights view. Anchor: the heading of the patterns."""

    location = "InsightsView"

    def __init__(self, app):
        super().__init__()
        self._app = app
        column = page(self)

        self._heading = heading(_("Patterns"), "title-2")
        column.append(self._heading)
        column.append(dim_label(
            _("Found on this computer, from your moods alone. Apple Intelligence, which the Feels app uses on the "
              "iPhone, is not available on Linux, and your moods never leave this computer.")))

        self._patterns = boxed_list(margin_top=6)
        self._empty = Adw.StatusPage(
            icon_name="x-office-presentation-symbolic", title=_("Not Enough Moods Yet"),
            description=_("Patterns appear once you have logged {count} moods.").format(count=insights.ENOUGH))
        self._empty.add_css_class("compact")
        column.append(self._patterns)
        column.append(self._empty)

        column.append(heading(_("Your Moods"), margin_top=12))
        self._scale = boxed_list()
        column.append(self._scale)

        self.anchors = {"patterns": self._heading}
        app.tips.connect("moods-changed", lambda tips: self.refresh())

    def refresh(self):
        """Reads the moods again and finds their patterns."""
        def exported(moods):
            if moods is not None:
                self._draw(moods)
        self._app.tips.export_moods(exported)

    def perform(self, tip_id, finished):
        """AIInsightsTip has no action: the view is what it offers."""
        finished(False)

    def _draw(self, moods):
        found = insights.patterns(moods, datetime.date.today())
        clear(self._patterns)
        clear(self._scale)
        for pattern in found:
            row = Adw.ActionRow(title=pattern.title, subtitle=pattern.detail)
            value = Gtk.Label(label=pattern.value)
            value.add_css_class("heading")
            row.add_suffix(value)
            self._patterns.append(row)
        self._patterns.set_visible(bool(found))
        self._empty.set_visible(not found)
        most = max((count for kind, count in insights.scale_counts(moods)), default=0)
        for kind, count in reversed(insights.scale_counts(moods)):
            row = Adw.ActionRow(title=_(kind.label))
            icon = Gtk.Image(icon_name=kind.icon)
            icon.add_css_class(f"feels-mood-{kind.name}")
            icon.add_css_class("feels-colorful")
            row.add_prefix(icon)
            bar = Gtk.LevelBar(min_value=0, max_value=max(most, 1), value=count, valign=Gtk.Align.CENTER,
                               width_request=160)
            bar.add_css_class("feels-count")
            row.add_suffix(bar)
            row.add_suffix(Gtk.Label(label=str(count), width_chars=3, xalign=1))
            self._scale.append(row)

"""Today: log a mood, see the streak and the history by day, month or year (the Feels app's DayView)."""

import calendar
import datetime

from gi.repository import Adw, Gtk

from . import history
from .i18n import N_, _, ngettext
from .moods import BY_NAME, SCALE, label, nearest
from .widgets import boxed_list, clear, dim_label, heading, page

MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
WEEKDAY_INITIALS = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))
SPANS = (("day", N_("Day")), ("month", N_("Month")), ("year", N_("Year")))


class DayView(Gtk.ScrolledWindow):
    """The day view. Anchors: the streak, the one-step logging button, the day/month/year switch."""

    location = "DayView"

    def __init__(self, app):
        super().__init__()
        self._app = app
        self._moods = []
        column = page(self)
        column.set_spacing(18)

        top = Gtk.Box(spacing=12)
        question = Gtk.Label(label=_("How are you feeling?"), xalign=0, hexpand=True, wrap=True)
        question.add_css_class("title-2")
        top.append(question)
        self._streak = Gtk.Box(spacing=6, valign=Gtk.Align.CENTER)
        self._streak.add_css_class("feels-streak")
        self._streak.append(Gtk.Image(icon_name="starred-symbolic"))
        self._streak_label = Gtk.Label()
        self._streak.append(self._streak_label)
        top.append(self._streak)
        column.append(top)

        self._mood_buttons = Gtk.Box(spacing=12, homogeneous=True)
        self._mood_parts = []
        for kind in SCALE:
            button = Gtk.Button(tooltip_text=_("Log “{mood}”").format(mood=_(kind.label)))
            button.add_css_class("feels-mood")
            button.add_css_class(f"feels-mood-{kind.name}")
            inside = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin_top=6, margin_bottom=6)
            icon = Gtk.Image(icon_name=kind.icon, pixel_size=40)
            words = Gtk.Label(label=_(kind.label))
            inside.append(icon)
            inside.append(words)
            button.set_child(inside)
            button.connect("clicked", self._on_mood_clicked, kind.name)
            self._mood_parts.append((button, icon, words))
            self._mood_buttons.append(button)
        column.append(self._mood_buttons)

        self._quick_log = Gtk.Button(halign=Gtk.Align.CENTER)
        self._quick_log.set_child(
            Adw.ButtonContent(icon_name="input-keyboard-symbolic", label=_("Log Without Opening Feels…")))
        self._quick_log.add_css_class("flat")
        self._quick_log.connect("clicked", lambda button: app.set_up_shortcut(self.get_root(), "widget"))
        column.append(self._quick_log)

        history_heading = Gtk.Box(spacing=12, margin_top=12)
        history_heading.append(heading(_("History"), "title-4", hexpand=True))
        self._switch = Gtk.Box(valign=Gtk.Align.CENTER, halign=Gtk.Align.END)
        self._switch.add_css_class("linked")
        self._span_buttons = {}
        group = None
        for span, span_label in SPANS:
            button = Gtk.ToggleButton(label=_(span_label), group=group)
            group = group or button
            self._span_buttons[span] = button
            self._switch.append(button)
        history_heading.append(self._switch)
        column.append(history_heading)

        self._history = Gtk.Stack(transition_type=Gtk.StackTransitionType.CROSSFADE, vhomogeneous=False)
        self._day_list = boxed_list()
        self._day_list.set_placeholder(_placeholder(_("No mood logged today yet")))
        self._history.add_named(self._day_list, "day")
        month = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        month_heading = Gtk.Box(spacing=6)
        self._month_title = heading("", hexpand=True)
        month_heading.append(self._month_title)
        for icon, step, tooltip in (("go-previous-symbolic", -1, N_("Previous Month")),
                                    ("go-next-symbolic", 1, N_("Next Month"))):
            turn = Gtk.Button(icon_name=icon, tooltip_text=_(tooltip))
            turn.add_css_class("flat")
            turn.connect("clicked", lambda button, step=step: self._turn_month(step))
            month_heading.append(turn)
        month.append(month_heading)
        self._month_grid = Gtk.Grid(column_homogeneous=True, row_spacing=6, column_spacing=6)
        month.append(self._month_grid)
        today = datetime.date.today()
        self._month_shown = (today.year, today.month)
        self._history.add_named(month, "month")
        self._year = boxed_list()
        self._year.set_placeholder(_placeholder(_("No mood logged this year yet")))
        self._history.add_named(self._year, "year")
        column.append(self._history)
        self._span_buttons[app.customization.span].set_active(True)
        self._history.set_visible_child_name(app.customization.span)
        for span, button in self._span_buttons.items():
            button.connect("toggled", self._on_span_toggled, span)

        self.anchors = {"streak": self._streak, "quick-log": self._quick_log, "time-switch": self._switch}
        app.tips.connect("moods-changed", lambda tips: self.refresh())
        app.tips.connect("streak-changed", lambda tips, streak: self._show_streak(streak))
        app.customization.connect("notify", lambda customization, spec: self._customize())
        self._customize()
        self._show_streak(app.tips.current_streak)

    def refresh(self):
        """Reads the moods again and redraws the history."""
        def exported(moods):
            if moods is not None:
                self._moods = moods
                self._draw_history()
        self._app.tips.export_moods(exported)

    def perform(self, tip_id, finished):
        """Does a tip's action: finished(True) once done, finished(False) if the user gave up."""
        if tip_id == "TimeViewTip":
            self._span_buttons["month"].set_active(True)
            finished(True)
        elif tip_id == "WidgetVotingTip":
            self._app.set_up_shortcut(self.get_root(), "widget")
            finished(True)
        else:
            finished(False)

    # MARK: - Logging

    def _on_mood_clicked(self, button, mood):
        def logged(count):
            if count is not None:
                self._app.toast(_("Logged “{mood}”").format(mood=label(mood)))
        self._app.tips.log_mood(mood, logged)

    def _show_streak(self, streak):
        if streak:
            self._streak_label.set_label(ngettext("{days}-day streak", "{days}-day streak", streak).format(days=streak))
        else:
            self._streak_label.set_label(_("No streak yet"))

    def _customize(self):
        buttons = self._app.customization.buttons
        for button, icon, words in self._mood_parts:
            icon.set_visible(buttons != "words")
            words.set_visible(buttons != "faces")
            if self._app.customization.colorful:
                button.add_css_class("feels-colorful")
            else:
                button.remove_css_class("feels-colorful")

    # MARK: - History

    def _on_span_toggled(self, button, span):
        if not button.get_active():
            return
        self._history.set_visible_child_name(span)
        self._app.customization.span = span
        # Switching between day, month and year is what TimeViewTip suggests.
        self._app.presenter.action_performed("TimeViewTip")

    def _draw_history(self):
        today = datetime.date.today()
        clear(self._day_list)
        for mood in reversed(history.moods_on(self._moods, today)):
            row = Adw.ActionRow(title=label(mood.mood), subtitle=mood.logged.strftime("%H:%M"))
            row.add_prefix(_mood_icon(mood.mood))
            self._day_list.append(row)
        self._draw_month()
        clear(self._year)
        for month, summary in sorted(history.by_month(self._moods, today.year).items()):
            row = Adw.ActionRow(
                title=_(MONTHS[month - 1]),
                subtitle=ngettext("{count} mood, mostly {mood}", "{count} moods, mostly {mood}", summary.count)
                .format(count=summary.count, mood=_(nearest(summary.average).label)))
            bar = Gtk.LevelBar(min_value=0, max_value=5, value=summary.average, valign=Gtk.Align.CENTER,
                               width_request=160)
            row.add_suffix(bar)
            self._year.append(row)

    def _turn_month(self, step):
        year, month = self._month_shown
        month += step
        self._month_shown = (year + (month - 1) // 12, (month - 1) % 12 + 1)
        self._draw_month()

    def _draw_month(self):
        today = datetime.date.today()
        year, month = self._month_shown
        self._month_title.set_label(f"{_(MONTHS[month - 1])} {year}")
        clear(self._month_grid)
        for column, initials in enumerate(WEEKDAY_INITIALS):
            self._month_grid.attach(dim_label(_(initials), "caption", xalign=0.5), column, 0, 1, 1)
        days = history.by_day(self._moods, year, month)
        first_weekday, length = calendar.monthrange(year, month)
        for day in range(1, length + 1):
            cell = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=2)
            cell.add_css_class("feels-day")
            number = Gtk.Label(label=str(day))
            number.add_css_class("caption")
            if datetime.date(year, month, day) == today:
                number.add_css_class("accent")
            cell.append(number)
            if day in days:
                cell.append(_mood_icon(nearest(days[day].average).name, 20))
            else:
                cell.append(Gtk.Image(pixel_size=20))
            position = first_weekday + day - 1
            self._month_grid.attach(cell, position % 7, 1 + position // 7, 1, 1)


def _mood_icon(mood, size=16):
    icon = Gtk.Image(icon_name=BY_NAME[mood].icon, pixel_size=size)
    icon.add_css_class(f"feels-mood-{mood}")
    icon.add_css_class("feels-colorful")
    return icon


def _placeholder(text):
    return dim_label(text, xalign=0.5, margin_top=18, margin_bottom=18)

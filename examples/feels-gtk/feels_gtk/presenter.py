"""When a tip shows, and where: at most one at a time, in the view on screen, as TipKit decides it.

As a view appears, the presenter asks the service whether a tip is to show there: for a view anchoring one tip,
whether that tip shows (PresentTip, TipKit's TipView); for a view anchoring several, which of them (PresentNextTip,
TipKit's TipGroup). The service answers by the tips' rules and the display window, records the display, and gives
the words. A tip the service holds back now may come later: when TipChanged says a tip whose location is the view on
screen should display, the presenter asks again, so a tip that becomes eligible while the window is open appears
without anyone polling. A tip closed, acted on, or invalidated anywhere else goes away.
"""

import dataclasses

from . import places, report
from .places import BY_ID
from .tip_view import TipBanner, TipContent, TipPopover
from .tips import ACTION_PERFORMED, TIP_CLOSED


@dataclasses.dataclass
class _Shown:
    tip: object
    location: str
    presentation: object


class TipPresenter:
    """Shows the tips of the views added to it, through `tips` (a TipsService)."""

    def __init__(self, tips):
        self._tips = tips
        self._views = {}
        # The view on screen, the tip asked for there (by show-tip), and the tip showing.
        self._location = None
        self._preferred = None
        self._shown = None
        # The view a question to the service is out for, and whether to ask again when it is answered.
        self._asking = None
        self._ask_again = False
        # The tips this run invalidated, so that doing a tip's action again does not invalidate it again.
        self._invalidated = set()
        tips.connect("tip-changed", self._on_tip_changed)
        tips.connect("restarted", lambda tips: self._ask())

    def add_view(self, view):
        """Adds a view: it has `location`, `anchors` (name → widget) and `perform(tip_id, finished)`."""
        missing = [place.anchor for place in places.places_at(view.location) if place.anchor not in view.anchors]
        assert not missing, f"{view.location} lacks the anchors {missing}"
        self._views[view.location] = view

    def view_appeared(self, location, preferred=None):
        """The view at `location` is on screen now; `preferred` is a tip to show there rather than another."""
        report.event("view", f"Showing {location}", view=location, tip=preferred)
        if self._shown and (self._shown.location != location or (preferred and preferred != self._shown.tip.id)):
            self._hide("left")
        self._location = location
        self._preferred = preferred
        self._ask()

    def window_hidden(self):
        """No view is on screen any more."""
        if self._shown:
            self._hide("left")
        self._location = None
        self._preferred = None

    def action_performed(self, tip_id):
        """The user did what a tip suggests, by its button or by their own hand: the tip goes, for good."""
        if self._shown and self._shown.tip.id == tip_id:
            self._hide("action")
        self._invalidate(tip_id, ACTION_PERFORMED)

    def tips_reset(self):
        """Every tip was reset: what this run invalidated may show again."""
        self._invalidated.clear()
        self._ask()

    # MARK: - Asking the service

    def _ask(self):
        if self._location is None or self._shown:
            return
        if self._asking is not None:
            self._ask_again = True
            return
        location = self._location
        self._asking = location
        anchored = places.places_at(location)

        def answered(tip):
            self._answered(location, tip)
        if self._preferred:
            self._tips.present_tip(self._preferred, answered)
        elif len(anchored) == 1:
            self._tips.present_tip(anchored[0].tip_id, answered)
        else:
            self._tips.present_next_tip(location, answered)

    def _answered(self, location, tip):
        self._asking = None
        again, self._ask_again = self._ask_again, False
        if tip is not None and location == self._location and not self._shown:
            place = BY_ID.get(tip.id)
            if place is not None and place.location == location == tip.location:
                self._show(place, tip)
                return
            report.event("misplaced", f"The service chose '{tip.id}', which this app has not at {location}",
                         tip=tip.id, view=location)
        elif tip is None:
            report.event("no-tip", f"No tip to show at {location} now", view=location)
        if again or location != self._location:
            self._ask()

    def _on_tip_changed(self, tips, tip_id, change):
        if self._shown and self._shown.tip.id == tip_id:
            if change.invalidated or change.should_display is False:
                self._hide("service")
                self._ask()
            return
        if change.invalidated and self._preferred == tip_id:
            self._preferred = None
            self._ask()
            return
        if change.should_display and change.location == self._location and tip_id in BY_ID:
            if self._preferred in (None, tip_id):
                self._ask()

    # MARK: - On screen

    def _show(self, place, tip):
        view = self._views[place.location]
        anchor = view.anchors[place.anchor]
        content = TipContent(tip, places.translated(place.action), places.translated(place.on_linux))
        presentation = TipBanner(content, anchor) if place.inline else TipPopover(content, anchor)
        shown = _Shown(tip, place.location, presentation)
        content.connect("close", lambda content: self._closed(shown))
        content.connect("action", lambda content: self._act(shown, view))
        content.connect("drawn", lambda content: self._drawn(shown, place))
        self._shown = shown
        presentation.show_tip()

    def _drawn(self, shown, place):
        if self._shown is not shown:
            return
        kind = "inline" if place.inline else "popover"
        content = shown.presentation.content
        language = f"'{shown.tip.language}'" if shown.tip.language else "the seed's English"
        report.event(
            "tip-shown", f"Showed '{shown.tip.id}' at {shown.location}, as {kind} at {place.anchor}: "
            f"'{shown.tip.title}' ({language})",
            tip=shown.tip.id, view=shown.location, presentation=kind, anchor=place.anchor, title=shown.tip.title,
            message=shown.tip.message, on_linux=content.on_linux.get_label() if content.on_linux else None,
            action=content.action_button.get_label() if content.action_button else None, language=shown.tip.language,
            **content.where())

    def _hide(self, why):
        shown, self._shown = self._shown, None
        shown.presentation.dismiss()
        report.event("tip-hidden", f"Hid '{shown.tip.id}' ({why})", tip=shown.tip.id, view=shown.location, why=why)

    def _closed(self, shown):
        if self._shown is not shown:
            return
        self._hide("closed")
        self._invalidate(shown.tip.id, TIP_CLOSED)

    def _act(self, shown, view):
        if self._shown is not shown:
            return
        self._hide("action")

        def finished(performed):
            if performed:
                self._invalidate(shown.tip.id, ACTION_PERFORMED)
            else:
                self._ask()
        view.perform(shown.tip.id, finished)

    def _invalidate(self, tip_id, reason):
        if tip_id in self._invalidated:
            return
        self._invalidated.add(tip_id)
        if self._preferred == tip_id:
            self._preferred = None

        def recorded(ok):
            if ok:
                report.event("invalidated", f"Invalidated '{tip_id}' ({reason})", tip=tip_id, reason=reason)
            else:
                self._invalidated.discard(tip_id)
            # A place holding several tips may show the next one now.
            self._ask()
        if reason == TIP_CLOSED:
            self._tips.close_tip(tip_id, recorded)
        else:
            self._tips.tip_action_performed(tip_id, recorded)

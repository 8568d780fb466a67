"""Where each of the Feels tips belongs in this app, and what it does on Linux.

The service decides whether a tip shows; the app decides where: each tip has a view (the service's location) and a
widget in it to anchor to, as the Feels app attaches each tip to a view with a modifier. Four tips promise Apple
features that Linux does not have; each of them says so, and offers what Linux has instead.
"""

import dataclasses

from .i18n import _, N_


@dataclasses.dataclass(frozen=True)
class TipPlace:
    """One tip's place in the app."""

    tip_id: str
    # The view, named as the service names the tip's location.
    location: str
    # The widget of the view the tip points at (a key of the view's `anchors`).
    anchor: str
    # The label of the tip's button, when it has an action; the view does it, then the tip is invalidated.
    action: str | None = None
    # What the Apple feature the tip promises is on Linux, said next to the tip's own words.
    on_linux: str | None = None
    # Shown inline at the top of its view (TipKit's TipView) instead of a popover pointing at the anchor.
    inline: bool = False


PLACES = (
    TipPlace(
        "CustomizeLayoutTip", "CustomizeContentView", "top", inline=True),
    TipPlace(
        "AIInsightsTip", "InsightsView", "patterns",
        on_linux=N_("Apple Intelligence is not available on Linux: Feels finds these patterns on this computer, "
                    "from your moods alone.")),
    TipPlace(
        "SiriShortcutTip", "SettingsContentView", "features", action=N_("Set Up a Shortcut…"),
        on_linux=N_("Linux has no Siri: a keyboard shortcut logs your mood instead, without opening Feels.")),
    TipPlace(
        "HealthKitSyncTip", "SettingsContentView", "health", action=N_("Export Moods…"),
        on_linux=N_("Apple Health is not available on Linux: export your moods to a CSV file to see them beside "
                    "other data.")),
    TipPlace(
        "WidgetVotingTip", "DayView", "quick-log", action=N_("Set Up a Shortcut…"),
        on_linux=N_("GNOME has no home-screen widgets: a keyboard shortcut logs your mood in one step, or pin "
                    "Feels to the dash.")),
    TipPlace(
        "TimeViewTip", "DayView", "time-switch", action=N_("Show Month")),
    TipPlace(
        "MoodStreakTip", "DayView", "streak"),
)

BY_ID = {place.tip_id: place for place in PLACES}

# The views, in the order the window shows them.
LOCATIONS = ("DayView", "InsightsView", "CustomizeContentView", "SettingsContentView")


def places_at(location):
    """The tips anchored in a view, in catalog order."""
    return [place for place in PLACES if place.location == location]


def translated(text):
    """A label of this table in the user's language."""
    return _(text) if text else None

"""The Feels scale of moods, and what this app draws for each."""

import dataclasses

from .i18n import N_, _


@dataclasses.dataclass(frozen=True)
class MoodKind:
    """One mood of the scale."""

    # The service's name for it.
    name: str
    # 1 (horrible) to 5 (great), for averages.
    score: int
    label: str
    icon: str


SCALE = (
    MoodKind("horrible", 1, N_("Horrible"), "face-crying-symbolic"),
    MoodKind("bad", 2, N_("Bad"), "face-sad-symbolic"),
    MoodKind("average", 3, N_("Average"), "face-plain-symbolic"),
    MoodKind("good", 4, N_("Good"), "face-smile-symbolic"),
    MoodKind("great", 5, N_("Great"), "face-smile-big-symbolic"),
)

BY_NAME = {kind.name: kind for kind in SCALE}


def nearest(score):
    """The mood an average score is nearest to; halfway between two, the better one."""
    # Not round(), which takes 4.5 to 4 and 3.5 to 4.
    return SCALE[min(4, max(0, int(score + 0.5) - 1))]


def label(name):
    """A mood's name in the user's language."""
    return _(BY_NAME[name].label)

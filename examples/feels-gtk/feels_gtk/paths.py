"""Where the app finds what it reads: the interface XML, its translations, its icon; run from the checkout or
installed."""

import dataclasses
import os


@dataclasses.dataclass(frozen=True)
class Paths:
    """The files the app reads."""

    # The org.feels.Tips1 interface XML the proxy is built from.
    interface_xml: str
    # The folder of the app's catalogs (LANG/LC_MESSAGES/feels-gtk.mo).
    locale: str
    # A folder to add to the icon theme's search path, when the app's icon is not installed.
    icons: str | None


def find(root):
    """The paths for the app whose package lies in `root`: share/feels-gtk when installed (`make install` copies
    the XML there), examples/feels-gtk in the checkout (the XML is the repository's, the catalogs are what `make`
    built into build/locale)."""
    installed = os.path.join(root, "org.feels.Tips1.xml")
    if os.path.exists(installed):
        return Paths(installed, os.path.join(root, "..", "locale"), None)
    checkout = os.path.join(root, "..", "..")
    return Paths(
        os.path.join(checkout, "dbus", "org.feels.Tips1.xml"),
        os.path.join(root, "build", "locale"),
        os.path.join(root, "data", "icons"))

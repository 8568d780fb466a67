"""Starts the app."""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")

from . import i18n, paths  # noqa: E402


def main(root, argv):
    """Runs the app whose files are in `root` (see paths.find) with the command line `argv`."""
    found = paths.find(root)
    i18n.install(found.locale)
    from .application import FeelsApplication
    return FeelsApplication(found).run(argv)


if __name__ == "__main__":
    sys.exit(main(sys.path[0], sys.argv))

"""Feels for the GNOME desktop: an example app that shows every Feels tip where it belongs."""

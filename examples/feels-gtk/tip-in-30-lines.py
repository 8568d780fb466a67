#!/usr/bin/python3
"""A Feels tip in your GTK 4 app: a popover at its anchor when the service says so, closed for good by its button,
and shown as soon as TipChanged says it may be. Usage: tip-in-30-lines.py [INTERFACE_XML]"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gio, GLib, Gtk  # noqa: E402

XML = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dbus-1/interfaces/org.feels.Tips1.xml"
TIP = "TimeViewTip"
WORDS = {"languages": GLib.Variant("as", GLib.get_language_names())}  # the words in the user's language


def activate(app):
    info = Gio.DBusNodeInfo.new_for_xml(open(XML).read()).lookup_interface("org.feels.Tips1")
    tips = Gio.DBusProxy.new_for_bus_sync(
        Gio.BusType.SESSION, 0, info, "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1")
    anchor = Gtk.Button(label="History", halign=Gtk.Align.CENTER, valign=Gtk.Align.START, margin_top=24)
    popover = Gtk.Popover(autohide=False)
    popover.set_parent(anchor)

    def show():  # TipKit's TipView: PresentTip says whether the tip shows here now, records it, gives its words.
        shown, tip = tips.PresentTip("(sa{sv})", TIP, WORDS) if not popover.get_visible() else (False, None)
        if not shown:
            return
        words = Gtk.Label(label=f"{tip['title']}\n{tip['message']}", wrap=True, width_chars=24, max_width_chars=38)
        close = Gtk.Button(icon_name="window-close-symbolic", valign=Gtk.Align.START)
        close.connect("clicked", lambda button: (popover.popdown(), tips.InvalidateTip("(ss)", TIP, "tip-closed")))
        box = Gtk.Box(spacing=12, margin_start=6)
        box.append(words)
        box.append(close)
        popover.set_child(box)
        popover.popup()
        print(f"Showed {TIP}: {tip['title']}", flush=True)

    def changed(proxy, sender, signal, parameters):  # a tip that may show now appears, without polling
        tip_id, location, changes = parameters.unpack()
        if signal == "TipChanged" and tip_id == TIP and changes.get("should_display"):
            show()
    tips.connect("g-signal", changed)
    window = Adw.ApplicationWindow(application=app, content=anchor, default_width=480, default_height=260)
    window.connect("map", lambda window: GLib.idle_add(show))
    window.present()


app = Adw.Application(application_id="org.feels.TipExample")
app.connect("activate", activate)
sys.exit(app.run([sys.argv[0]]))

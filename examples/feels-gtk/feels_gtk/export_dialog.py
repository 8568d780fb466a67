"""Exporting the moods to a CSV file the user picks: what Linux has instead of syncing with Apple Health."""

import io

from gi.repository import Gio, GLib, Gtk

from .export import write_csv
from .i18n import _, ngettext

# A native dialog is not kept alive by its parent: each is held here until it answers.
_open = set()


def present(parent, tips, finished, toast):
    """Asks where to save, then writes every mood there: finished(True) once written, finished(False) if the user
    gave up or it failed (said with `toast`)."""
    chooser = Gtk.FileChooserNative(
        title=_("Export Moods"), transient_for=parent, modal=True, action=Gtk.FileChooserAction.SAVE,
        accept_label=_("Export"))
    chooser.set_current_name("feels-moods.csv")
    folder = GLib.get_user_special_dir(GLib.UserDirectory.DIRECTORY_DOCUMENTS) or GLib.get_home_dir()
    try:
        chooser.set_current_folder(Gio.File.new_for_path(folder))
    except GLib.Error:
        pass  # The folder is gone: the chooser's own choice stands.
    _open.add(chooser)

    def responded(chooser, response):
        _open.discard(chooser)
        if response != Gtk.ResponseType.ACCEPT:
            finished(False)
            return
        file = chooser.get_file()

        def exported(moods):
            if moods is None:
                finished(False)
                return
            text = io.StringIO()
            write_csv(moods, text)
            try:
                file.replace_contents(text.getvalue().encode("utf-8"), None, False, Gio.FileCreateFlags.NONE, None)
            except GLib.Error as error:
                toast(_("Could not write {name}: {reason}").format(name=file.get_basename(), reason=error.message))
                finished(False)
                return
            toast(ngettext("Exported {count} mood to {name}", "Exported {count} moods to {name}", len(moods))
                  .format(count=len(moods), name=file.get_basename()))
            finished(True)
        tips.export_moods(exported)
    chooser.connect("response", responded)
    chooser.show()

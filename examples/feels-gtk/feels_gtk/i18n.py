"""The app's own words in the user's language (the tips' words come from the service)."""

import gettext

DOMAIN = "feels-gtk"

_translation = gettext.NullTranslations()


def install(locale_folder):
    """Reads the app's catalogs from `locale_folder` (LANG/LC_MESSAGES/feels-gtk.mo), by LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG as gettext does; English where none is found."""
    global _translation
    _translation = gettext.translation(DOMAIN, locale_folder, fallback=True)


def _(text):
    """`text` in the user's language."""
    return _translation.gettext(text)


def ngettext(singular, plural, count):
    """`singular` or `plural` for `count`, in the user's language."""
    return _translation.ngettext(singular, plural, count)


def N_(text):
    """Marks `text` for translation where it is declared, to be translated with _() where it is shown."""
    return text

#ifndef FEELS_CGIO_SHIM_H
#define FEELS_CGIO_SHIM_H

// GLib's main loop and GIO's GSettings: only feels-tips-notifier links them. Notifications go out through libnotify
// (Sources/CLibNotify), on a thread of its own, since its calls block.
#include <gio/gio.h>
#include <glib-unix.h>

// Macros are not imported into Swift: re-export the ones the notifier uses.
static const gboolean CGIO_SOURCE_CONTINUE = G_SOURCE_CONTINUE;
static const gboolean CGIO_SOURCE_REMOVE = G_SOURCE_REMOVE;
static const gboolean CGIO_TRUE = TRUE;
static const gboolean CGIO_FALSE = FALSE;
static const gint CGIO_PRIORITY_DEFAULT = G_PRIORITY_DEFAULT;

#endif

#ifndef FEELS_CGIO_SHIM_H
#define FEELS_CGIO_SHIM_H

// GLib's main loop and GIO's GSettings: only feels-tips-notifier links them. Notifications go out through libnotify
// (Sources/CLibNotify), on a thread of its own, since its calls block.
#include <gio/gio.h>
#include <glib-unix.h>
// The notifier's wall-clock alarm is a timerfd, which Glibc's module map does not import.
#include <sys/timerfd.h>

// Macros are not imported into Swift: re-export the ones the notifier uses.
static const gboolean CGIO_SOURCE_CONTINUE = G_SOURCE_CONTINUE;
static const gboolean CGIO_SOURCE_REMOVE = G_SOURCE_REMOVE;
static const gboolean CGIO_TRUE = TRUE;
static const gboolean CGIO_FALSE = FALSE;
static const gint CGIO_PRIORITY_DEFAULT = G_PRIORITY_DEFAULT;

static const int CGIO_TFD_CLOEXEC = TFD_CLOEXEC;
static const int CGIO_TFD_NONBLOCK = TFD_NONBLOCK;
static const int CGIO_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
static const int CGIO_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;

#endif

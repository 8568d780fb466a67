#ifndef FEELS_CLIBNOTIFY_SHIM_H
#define FEELS_CLIBNOTIFY_SHIM_H

// libnotify, and the GLib and GIO it is built on: only feels-tips-notifier links them.
#include <libnotify/notify.h>
#include <gio/gio.h>
#include <glib-unix.h>
// The notifier's wall-clock alarm is a timerfd, which Glibc's module map does not import.
#include <sys/timerfd.h>

// Macros are not imported into Swift: re-export the ones the notifier uses.
static const gboolean CLIBNOTIFY_SOURCE_CONTINUE = G_SOURCE_CONTINUE;
static const gboolean CLIBNOTIFY_SOURCE_REMOVE = G_SOURCE_REMOVE;
static const gboolean CLIBNOTIFY_TRUE = TRUE;
static const gboolean CLIBNOTIFY_FALSE = FALSE;
static const gint CLIBNOTIFY_PRIORITY_DEFAULT = G_PRIORITY_DEFAULT;
static const gint CLIBNOTIFY_EXPIRES_DEFAULT = NOTIFY_EXPIRES_DEFAULT;

static const int CLIBNOTIFY_TFD_CLOEXEC = TFD_CLOEXEC;
static const int CLIBNOTIFY_TFD_NONBLOCK = TFD_NONBLOCK;
static const int CLIBNOTIFY_TFD_TIMER_ABSTIME = TFD_TIMER_ABSTIME;
static const int CLIBNOTIFY_TFD_TIMER_CANCEL_ON_SET = TFD_TIMER_CANCEL_ON_SET;

#endif

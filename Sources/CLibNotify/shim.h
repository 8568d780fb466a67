#ifndef FEELS_CLIBNOTIFY_SHIM_H
#define FEELS_CLIBNOTIFY_SHIM_H

// libnotify, for the notifier only: every call to the notification server goes through it, from one thread of its
// own (its calls block for up to 25 s, and its globals have no locks).
#include <libnotify/notify.h>

// Macros and variadic functions are not imported into Swift: re-export what the notifier uses.
static const gint CLIBNOTIFY_EXPIRES_DEFAULT = NOTIFY_EXPIRES_DEFAULT;

/// The notification's id on the server (0 before the server gave one, and again once it was closed).
static inline guint32 clibnotify_notification_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}

/// Makes `notification` replace the server's notification `id` when it is shown.
static inline void clibnotify_set_notification_id(NotifyNotification *notification, guint32 id) {
    g_object_set(notification, "id", (gint)id, NULL);
}

#endif
